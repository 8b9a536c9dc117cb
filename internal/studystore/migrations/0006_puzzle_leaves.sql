-- atril study database, schema 6: the leave table each puzzle was made with. A puzzle's
-- equities (its answers, the engine's top plays and their loss) are that table's values, so its
-- answers are judged with the same table. leaves names the table as atril version does
-- ("builtin (FISE2-LIBRE)", "hand-set", a KLV2 file's path); leaves_checksum identifies its
-- values ("crc32c:…" of a KLV2 file, or of a model's parameters). Puzzles stored under schema 5
-- have '' in both: package puzzles recognises their table from their stored equities when it
-- can.
ALTER TABLE puzzles ADD COLUMN leaves TEXT NOT NULL DEFAULT '';
ALTER TABLE puzzles ADD COLUMN leaves_checksum TEXT NOT NULL DEFAULT '';
