package studystore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Games against atril (schema 7): a game's settings, its turns saved one by one as they are
// made, and at the end its result, record and analysis. Package drills/play decides what a game
// is; the store keeps the rows.

// ErrNoGame is returned (wrapped) when no game matches.
var ErrNoGame = errors.New("no such game")

// GameRecord is a stored game.
type GameRecord struct {
	ID                    int64
	Lexicon, Tiles        string
	Leaves                string
	Level                 int
	Seed                  uint64
	Player                string
	Seat                  int           // the player's seat, 0 when the player moves first
	Clock                 time.Duration // the player's clock, 0 for none
	Options               []byte        // JSON of package play
	Started, Updated      time.Time
	Finished              time.Time // zero while the game goes on
	EndReason             string
	PlayerScore           int
	EngineScore           int
	TimePenalty           int
	GCG                   string
	Analysis              *GameAnalysis // nil until analysed
	Turns                 int           // turns stored
	LastPlayer, LastAtril int           // the scores after the last turn stored (unfinished games)
}

// GameAnalysis is what the analysis of the player's turns found.
type GameAnalysis struct {
	Turns          int
	EquityLost     float64
	BingosPlayed   int
	BingosMissed   int
	Phonies        int
	ChallengesLost int
}

// GameTurn is one stored turn.
type GameTurn struct {
	N     int
	Seat  int
	Kind  string // play, exchange, pass, withdrawn, challenge
	Move  string
	Rack  string
	Score int
	Think time.Duration
	At    time.Time
}

// GameResult is how a game ended.
type GameResult struct {
	EndReason                string
	PlayerScore, EngineScore int
	TimePenalty              int
	GCG                      string
}

// StartGame stores a new game and returns its id.
func (s *Store) StartGame(ctx context.Context, g GameRecord) (int64, error) {
	var id int64
	opts := string(g.Options)
	if opts == "" {
		opts = "{}"
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		now := ms(s.now())
		r, err := tx.ExecContext(ctx, `INSERT INTO games (lexicon, tiles, leaves, level, seed, player, seat, clock_ms, options,
			started_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			g.Lexicon, g.Tiles, g.Leaves, g.Level, int64(g.Seed), g.Player, g.Seat, g.Clock.Milliseconds(), opts, now, now)
		if err != nil {
			return err
		}
		id, err = r.LastInsertId()
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: start game: %w", err)
	}
	return id, nil
}

// AddGameTurn saves one turn of an unfinished game (in its own transaction: once it returns the
// turn survives the process being killed) with the scores after it.
func (s *Store) AddGameTurn(ctx context.Context, game int64, t GameTurn, playerScore, engineScore int) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		now := ms(s.now())
		at := now
		if !t.At.IsZero() {
			at = ms(t.At)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO game_turns (game_id, n, seat, kind, move, rack, score, think_ms, made_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, game, t.N, t.Seat, t.Kind, t.Move, t.Rack, t.Score, t.Think.Milliseconds(), at); err != nil {
			return err
		}
		r, err := tx.ExecContext(ctx, `UPDATE games SET updated_at = ?, player_score = ?, engine_score = ?
			WHERE id = ? AND finished_at IS NULL`, now, playerScore, engineScore, game)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n == 0 {
			return fmt.Errorf("game %d: %w", game, ErrNoGame)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: save turn %d of game %d: %w", t.N, game, err)
	}
	return nil
}

// FinishGame records a game's end.
func (s *Store) FinishGame(ctx context.Context, game int64, r GameResult) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		now := ms(s.now())
		_, err := tx.ExecContext(ctx, `UPDATE games SET finished_at = ?, updated_at = ?, end_reason = ?, player_score = ?,
			engine_score = ?, time_penalty = ?, gcg = ? WHERE id = ?`,
			now, now, r.EndReason, r.PlayerScore, r.EngineScore, r.TimePenalty, r.GCG, game)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: finish game %d: %w", game, err)
	}
	return nil
}

// SetGameAnalysis records the analysis of a game's player turns.
func (s *Store) SetGameAnalysis(ctx context.Context, game int64, a GameAnalysis) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE games SET analysed_turns = ?, equity_lost = ?, bingos_played = ?,
			bingos_missed = ?, phonies = ?, challenges_lost = ? WHERE id = ?`,
			a.Turns, a.EquityLost, a.BingosPlayed, a.BingosMissed, a.Phonies, a.ChallengesLost, game)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: save the analysis of game %d: %w", game, err)
	}
	return nil
}

const gameColumns = `g.id, g.lexicon, g.tiles, g.leaves, g.level, g.seed, g.player, g.seat, g.clock_ms, g.options,
	g.started_at, g.updated_at, g.finished_at, g.end_reason, g.player_score, g.engine_score, g.time_penalty, g.gcg,
	g.analysed_turns, g.equity_lost, g.bingos_played, g.bingos_missed, g.phonies, g.challenges_lost,
	(SELECT count(*) FROM game_turns t WHERE t.game_id = g.id)`

func scanGame(sc interface{ Scan(...any) error }) (GameRecord, error) {
	var g GameRecord
	var seed, clock, started, updated int64
	var finished sql.NullInt64
	var opts string
	var turns, played, missed, phonies, lost sql.NullInt64
	var loss sql.NullFloat64
	err := sc.Scan(&g.ID, &g.Lexicon, &g.Tiles, &g.Leaves, &g.Level, &seed, &g.Player, &g.Seat, &clock, &opts,
		&started, &updated, &finished, &g.EndReason, &g.PlayerScore, &g.EngineScore, &g.TimePenalty, &g.GCG,
		&turns, &loss, &played, &missed, &phonies, &lost, &g.Turns)
	if err != nil {
		return g, err
	}
	g.Seed, g.Clock, g.Options = uint64(seed), time.Duration(clock)*time.Millisecond, []byte(opts)
	g.Started, g.Updated = fromMS(started), fromMS(updated)
	if finished.Valid {
		g.Finished = fromMS(finished.Int64)
	}
	if turns.Valid {
		g.Analysis = &GameAnalysis{Turns: int(turns.Int64), EquityLost: loss.Float64, BingosPlayed: int(played.Int64),
			BingosMissed: int(missed.Int64), Phonies: int(phonies.Int64), ChallengesLost: int(lost.Int64)}
	}
	g.LastPlayer, g.LastAtril = g.PlayerScore, g.EngineScore
	return g, nil
}

// Game is game id with its turns in order.
func (s *Store) Game(ctx context.Context, id int64) (GameRecord, []GameTurn, error) {
	g, err := scanGame(s.db.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games g WHERE g.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return g, nil, fmt.Errorf("game %d: %w", id, ErrNoGame)
	}
	if err != nil {
		return g, nil, s.readErr(err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT n, seat, kind, move, rack, score, think_ms, made_at FROM game_turns
		WHERE game_id = ? ORDER BY n`, id)
	if err != nil {
		return g, nil, s.readErr(err)
	}
	defer rows.Close()
	var turns []GameTurn
	for rows.Next() {
		var t GameTurn
		var think, at int64
		if err := rows.Scan(&t.N, &t.Seat, &t.Kind, &t.Move, &t.Rack, &t.Score, &think, &at); err != nil {
			return g, nil, s.readErr(err)
		}
		t.Think, t.At = time.Duration(think)*time.Millisecond, fromMS(at)
		turns = append(turns, t)
	}
	if err := rows.Err(); err != nil {
		return g, nil, s.readErr(err)
	}
	return g, turns, nil
}

// LastUnfinishedGame is the unfinished game played last; ErrNoGame when there is none.
func (s *Store) LastUnfinishedGame(ctx context.Context) (GameRecord, error) {
	g, err := scanGame(s.db.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games g WHERE g.finished_at IS NULL
		ORDER BY g.updated_at DESC, g.id DESC LIMIT 1`))
	if errors.Is(err, sql.ErrNoRows) {
		return g, ErrNoGame
	}
	if err != nil {
		return g, s.readErr(err)
	}
	return g, nil
}

// Games lists the games started since a time (zero: all), oldest first; finished only when
// finished is true.
func (s *Store) Games(ctx context.Context, since time.Time, finished bool) ([]GameRecord, error) {
	q := `SELECT ` + gameColumns + ` FROM games g WHERE g.started_at >= ?`
	if finished {
		q += ` AND g.finished_at IS NOT NULL`
	}
	rows, err := s.db.QueryContext(ctx, q+` ORDER BY g.started_at, g.id`, ms(since))
	if err != nil {
		return nil, s.readErr(err)
	}
	defer rows.Close()
	var out []GameRecord
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, s.readErr(err)
		}
		out = append(out, g)
	}
	if err := rows.Err(); err != nil {
		return nil, s.readErr(err)
	}
	return out, nil
}
