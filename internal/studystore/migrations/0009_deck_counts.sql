-- atril study database, schema 9: a deck's cards counted by state and box (deck list, the web
-- interface's decks page) from an index alone: 100,000 cards in tens of milliseconds instead of
-- hundreds.
CREATE INDEX deck_cards_state ON deck_cards (deck_id, state, box);
