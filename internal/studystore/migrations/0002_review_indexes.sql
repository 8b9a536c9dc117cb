-- atril study database, schema 2: indexes that let the review and stats queries read an index
-- alone. The due index carries the state so that the cards due now (reviews by the end of the
-- day, learning steps by now) are told apart and counted without reading deck_cards' rows; the
-- answers index covers stats over a period (answers, accuracy and time per drill kind).
DROP INDEX deck_cards_due;
CREATE INDEX deck_cards_due ON deck_cards (due, state) WHERE due IS NOT NULL;
CREATE INDEX answers_stats ON answers (answered_at, drill, correct, time_ms);
