-- atril study database, schema 7: games played against atril (`atril play`). A game is its
-- settings (enough to deal the same tiles again: the seed, the seats, the lexicon and tile set)
-- and its turns, each saved the moment it is made; a game is resumed by dealing again from the
-- seed and replaying its turns. At the end it keeps the result, the GCG record and the
-- analysis of the player's turns (for the game statistics).
CREATE TABLE games (
	id              INTEGER PRIMARY KEY,
	lexicon         TEXT    NOT NULL,
	tiles           TEXT    NOT NULL,
	leaves          TEXT    NOT NULL DEFAULT '',
	level           INTEGER NOT NULL CHECK (level BETWEEN 1 AND 5),
	seed            INTEGER NOT NULL,
	player          TEXT    NOT NULL,
	-- the player's seat: 0 when the player moves first
	seat            INTEGER NOT NULL CHECK (seat IN (0, 1)),
	-- the player's clock in milliseconds, 0 for none
	clock_ms        INTEGER NOT NULL DEFAULT 0 CHECK (clock_ms >= 0),
	-- other settings (JSON of package play: lenient, tracking, ...)
	options         TEXT    NOT NULL DEFAULT '{}',
	started_at      INTEGER NOT NULL,
	updated_at      INTEGER NOT NULL,
	finished_at     INTEGER,
	end_reason      TEXT    NOT NULL DEFAULT '',
	player_score    INTEGER NOT NULL DEFAULT 0,
	engine_score    INTEGER NOT NULL DEFAULT 0,
	time_penalty    INTEGER NOT NULL DEFAULT 0,
	gcg             TEXT    NOT NULL DEFAULT '',
	-- the analysis of the player's turns (NULL until analysed): turns analysed, equity lost over
	-- them, bingos played and missed, phonies, challenges lost
	analysed_turns  INTEGER,
	equity_lost     REAL,
	bingos_played   INTEGER,
	bingos_missed   INTEGER,
	phonies         INTEGER,
	challenges_lost INTEGER
);
CREATE INDEX games_finished ON games (finished_at);

-- kind: 'play', 'exchange', 'pass', 'withdrawn' (a play challenged off: the turn is lost, as a
-- pass), 'challenge' (the player challenged a valid play of atril's: nothing changes). move is
-- the notation engine.ParseMove reads back ("8H CA..", "-ABC", "-"); rack the tiles before the
-- turn; think_ms the time the player took (0 for atril).
CREATE TABLE game_turns (
	game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	n        INTEGER NOT NULL CHECK (n >= 0),
	seat     INTEGER NOT NULL CHECK (seat IN (0, 1)),
	kind     TEXT    NOT NULL CHECK (kind IN ('play', 'exchange', 'pass', 'withdrawn', 'challenge')),
	move     TEXT    NOT NULL,
	rack     TEXT    NOT NULL,
	score    INTEGER NOT NULL,
	think_ms INTEGER NOT NULL DEFAULT 0 CHECK (think_ms >= 0),
	made_at  INTEGER NOT NULL,
	PRIMARY KEY (game_id, n)
) WITHOUT ROWID;
