-- atril study database, schema 3: a card that asks valid or not (judge, twos) remembers its
-- answer when it was added, so that decks mixing words and phonies can say which is which and a
-- changed lexicon shows. NULL: not a valid-or-not card, or added before schema 3.
ALTER TABLE cards ADD COLUMN valid INTEGER CHECK (valid IN (0, 1));
