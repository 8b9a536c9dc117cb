package studystore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Puzzle queries (schemas 5 and 6): puzzles, their tags and answer words, the leave table each
// was made with, generation runs with their checkpoints, attempts and ratings. Package puzzles decides what a puzzle is; the store keeps
// the rows and does each change in one transaction.

// PuzzleRating is a Glicko-2 rating as stored.
type PuzzleRating struct {
	Rating, Deviation, Volatility float64
}

// PuzzleWord is a word of a puzzle's answers in tile notation, and its alphagram.
type PuzzleWord struct {
	Word, Alphagram string
}

// PuzzleRecord is a stored puzzle.
type PuzzleRecord struct {
	ID           int64
	Lexicon      string
	Tiles        string // tile set name
	Kind         string // "bingo" or "best"
	PositionKey  string // board and rack: one puzzle per position
	CGP          string
	Rack         string
	Source       string // "selfplay", "gcg" or "cgp"
	SourceRef    string
	Player       string
	Tags         []string
	Words        []PuzzleWord
	Difficulty   float64
	Rating       PuzzleRating
	Rated        int    // first attempts rated
	Verification string // "", "confirmed" or "replaced"
	// Leaves and LeavesChecksum name and identify the leave table the puzzle was made with
	// (equity.TableInfo); both "" for a puzzle stored before schema 6.
	Leaves, LeavesChecksum string
	Data                   []byte // JSON of package puzzles
	RunID                  int64
	Created                time.Time
}

// ErrNoPuzzle is returned (wrapped) when no puzzle matches.
var ErrNoPuzzle = errors.New("no such puzzle")

// ErrNoPuzzleRun is returned (wrapped) for a generation run that does not exist or is finished.
var ErrNoPuzzleRun = errors.New("no unfinished puzzle generation run")

// PuzzleRun is a generation run and its checkpoint.
type PuzzleRun struct {
	ID                          int64
	Options                     []byte // JSON: how to go on
	Jobs, Done                  int
	Stored, Duplicates, Dropped int
	Started, Updated, Finished  time.Time
}

// StartPuzzleRun records a new generation run of jobs jobs.
func (s *Store) StartPuzzleRun(ctx context.Context, options []byte, jobs int) (int64, error) {
	var id int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		now := ms(s.now())
		r, err := tx.ExecContext(ctx, `INSERT INTO puzzle_runs (options, jobs, started_at, updated_at) VALUES (?, ?, ?, ?)`,
			string(options), jobs, now, now)
		if err != nil {
			return err
		}
		id, err = r.LastInsertId()
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: start puzzle run: %w", err)
	}
	return id, nil
}

const puzzleRunColumns = `id, options, jobs, done, stored, duplicates, dropped, started_at, updated_at, finished_at`

func scanPuzzleRun(sc interface{ Scan(...any) error }) (PuzzleRun, error) {
	var r PuzzleRun
	var opts string
	var started, updated int64
	var finished sql.NullInt64
	err := sc.Scan(&r.ID, &opts, &r.Jobs, &r.Done, &r.Stored, &r.Duplicates, &r.Dropped, &started, &updated, &finished)
	r.Options = []byte(opts)
	r.Started, r.Updated = fromMS(started), fromMS(updated)
	if finished.Valid {
		r.Finished = fromMS(finished.Int64)
	}
	return r, err
}

// PuzzleRun is the generation run id.
func (s *Store) PuzzleRun(ctx context.Context, id int64) (PuzzleRun, error) {
	r, err := scanPuzzleRun(s.db.QueryRowContext(ctx, `SELECT `+puzzleRunColumns+` FROM puzzle_runs WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return r, fmt.Errorf("puzzle run %d: %w", id, ErrNoPuzzleRun)
	}
	return r, err
}

// LastUnfinishedPuzzleRun is the most recent generation run that has not finished.
func (s *Store) LastUnfinishedPuzzleRun(ctx context.Context) (PuzzleRun, error) {
	r, err := scanPuzzleRun(s.db.QueryRowContext(ctx, `SELECT `+puzzleRunColumns+` FROM puzzle_runs
		WHERE finished_at IS NULL ORDER BY id DESC LIMIT 1`))
	if errors.Is(err, sql.ErrNoRows) {
		return r, ErrNoPuzzleRun
	}
	return r, err
}

// PuzzleCommit is what a generation run commits at once: the puzzles of the jobs finished since
// the last commit (in job order), and the run's new checkpoint.
type PuzzleCommit struct {
	RunID   int64 // 0: no run
	Done    int   // jobs now done, in order
	Dropped int   // puzzles left out by those jobs (the simulation disagreed, a filter)
	Finish  bool  // the run is over
	Puzzles []PuzzleRecord
}

// CommitPuzzles stores the puzzles and moves the run's checkpoint in one transaction, so that
// a run killed at any moment has either all of a job's puzzles or none, and resumes after the
// last job stored. It returns each puzzle's id, 0 for a position already stored (the puzzle
// is skipped).
func (s *Store) CommitPuzzles(ctx context.Context, c PuzzleCommit) ([]int64, error) {
	ids := make([]int64, len(c.Puzzles))
	err := s.write(ctx, func(tx *sql.Tx) error {
		now := ms(s.now())
		ins, err := tx.PrepareContext(ctx, `INSERT INTO puzzles (lexicon, tiles, kind, position_key, cgp, rack,
			source, source_ref, player, difficulty, rating, deviation, volatility, verification, leaves, leaves_checksum,
			data, run_id, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (lexicon, tiles, position_key) DO NOTHING`)
		if err != nil {
			return err
		}
		defer ins.Close()
		tag, err := tx.PrepareContext(ctx, `INSERT OR IGNORE INTO puzzle_tags (puzzle_id, tag) VALUES (?, ?)`)
		if err != nil {
			return err
		}
		defer tag.Close()
		word, err := tx.PrepareContext(ctx, `INSERT OR IGNORE INTO puzzle_words (puzzle_id, word, alphagram) VALUES (?, ?, ?)`)
		if err != nil {
			return err
		}
		defer word.Close()
		stored, dups := 0, 0
		for i, p := range c.Puzzles {
			r, err := ins.ExecContext(ctx, p.Lexicon, p.Tiles, p.Kind, p.PositionKey, p.CGP, p.Rack, p.Source, p.SourceRef,
				p.Player, p.Difficulty, p.Rating.Rating, p.Rating.Deviation, p.Rating.Volatility, p.Verification,
				p.Leaves, p.LeavesChecksum, string(p.Data), nullID(c.RunID), now)
			if err != nil {
				return fmt.Errorf("puzzle %s: %w", p.PositionKey, err)
			}
			if n, _ := r.RowsAffected(); n == 0 {
				dups++
				continue
			}
			id, err := r.LastInsertId()
			if err != nil {
				return err
			}
			ids[i] = id
			stored++
			for _, t := range p.Tags {
				if _, err := tag.ExecContext(ctx, id, t); err != nil {
					return err
				}
			}
			for _, w := range p.Words {
				if _, err := word.ExecContext(ctx, id, w.Word, w.Alphagram); err != nil {
					return err
				}
			}
		}
		if c.RunID == 0 {
			return nil
		}
		var finished sql.NullInt64
		if c.Finish {
			finished = sql.NullInt64{Int64: now, Valid: true}
		}
		_, err = tx.ExecContext(ctx, `UPDATE puzzle_runs SET done = ?, stored = stored + ?, duplicates = duplicates + ?,
			dropped = dropped + ?, updated_at = ?, finished_at = ? WHERE id = ?`,
			c.Done, stored, dups, c.Dropped, now, finished, c.RunID)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: commit puzzles: %w", err)
	}
	return ids, nil
}

// PuzzleQuery selects puzzles.
type PuzzleQuery struct {
	Lexicon, Tiles string
	Kind           string // "" any
	Tag            string // "" any
	Source         string // "" any
	DeckID         int64  // 0 any: else an answer word is a card of that deck
	Unseen         bool   // only puzzles never attempted
	Near           float64
}

func (q PuzzleQuery) where() (string, []any) {
	conds := []string{"p.lexicon = ?", "p.tiles = ?"}
	args := []any{q.Lexicon, q.Tiles}
	if q.Kind != "" {
		conds = append(conds, "p.kind = ?")
		args = append(args, q.Kind)
	}
	if q.Source != "" {
		conds = append(conds, "p.source = ?")
		args = append(args, q.Source)
	}
	if q.Tag != "" {
		conds = append(conds, "EXISTS (SELECT 1 FROM puzzle_tags t WHERE t.puzzle_id = p.id AND t.tag = ?)")
		args = append(args, q.Tag)
	}
	if q.DeckID != 0 {
		// Anagram cards are alphagrams; the other kinds are words.
		conds = append(conds, `EXISTS (SELECT 1 FROM puzzle_words w JOIN cards c ON c.question = CASE c.kind WHEN 'anagram' THEN w.alphagram ELSE w.word END
			JOIN deck_cards dc ON dc.card_id = c.id AND dc.deck_id = ? WHERE w.puzzle_id = p.id)`)
		args = append(args, q.DeckID)
	}
	if q.Unseen {
		conds = append(conds, "NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.puzzle_id = CAST(p.id AS TEXT))")
	}
	return strings.Join(conds, " AND "), args
}

const puzzleColumns = `p.id, p.lexicon, p.tiles, p.kind, p.position_key, p.cgp, p.rack, p.source, p.source_ref, p.player,
	p.difficulty, p.rating, p.deviation, p.volatility, p.rated, p.verification, p.leaves, p.leaves_checksum, p.data, p.run_id,
	p.created_at`

func (s *Store) scanPuzzle(ctx context.Context, row *sql.Row) (PuzzleRecord, error) {
	var p PuzzleRecord
	var data string
	var run sql.NullInt64
	var created int64
	err := row.Scan(&p.ID, &p.Lexicon, &p.Tiles, &p.Kind, &p.PositionKey, &p.CGP, &p.Rack, &p.Source, &p.SourceRef, &p.Player,
		&p.Difficulty, &p.Rating.Rating, &p.Rating.Deviation, &p.Rating.Volatility, &p.Rated, &p.Verification, &p.Leaves,
		&p.LeavesChecksum, &data, &run, &created)
	if err != nil {
		return p, err
	}
	p.Data, p.RunID, p.Created = []byte(data), run.Int64, fromMS(created)
	rows, err := s.db.QueryContext(ctx, `SELECT tag FROM puzzle_tags WHERE puzzle_id = ? ORDER BY tag`, p.ID)
	if err != nil {
		return p, err
	}
	defer rows.Close()
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			return p, err
		}
		p.Tags = append(p.Tags, t)
	}
	if err := rows.Err(); err != nil {
		return p, err
	}
	wrows, err := s.db.QueryContext(ctx, `SELECT word, alphagram FROM puzzle_words WHERE puzzle_id = ? ORDER BY word`, p.ID)
	if err != nil {
		return p, err
	}
	defer wrows.Close()
	for wrows.Next() {
		var w PuzzleWord
		if err := wrows.Scan(&w.Word, &w.Alphagram); err != nil {
			return p, err
		}
		p.Words = append(p.Words, w)
	}
	return p, wrows.Err()
}

// NextPuzzle is the puzzle matching q whose rating is nearest q.Near (the lowest id among
// equals).
func (s *Store) NextPuzzle(ctx context.Context, q PuzzleQuery) (PuzzleRecord, error) {
	where, args := q.where()
	args = append(args, q.Near)
	p, err := s.scanPuzzle(ctx, s.db.QueryRowContext(ctx, `SELECT `+puzzleColumns+` FROM puzzles p WHERE `+where+`
		ORDER BY abs(p.rating - ?), p.id LIMIT 1`, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return p, ErrNoPuzzle
	}
	if err != nil {
		return p, fmt.Errorf("store: next puzzle: %w", err)
	}
	return p, nil
}

// CountPuzzles counts the puzzles matching q (q.Near is ignored).
func (s *Store) CountPuzzles(ctx context.Context, q PuzzleQuery) (int, error) {
	where, args := q.where()
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM puzzles p WHERE `+where, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: count puzzles: %w", err)
	}
	return n, nil
}

// Puzzle is puzzle id.
func (s *Store) Puzzle(ctx context.Context, id int64) (PuzzleRecord, error) {
	p, err := s.scanPuzzle(ctx, s.db.QueryRowContext(ctx, `SELECT `+puzzleColumns+` FROM puzzles p WHERE p.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return p, fmt.Errorf("puzzle %d: %w", id, ErrNoPuzzle)
	}
	if err != nil {
		return p, fmt.Errorf("store: puzzle %d: %w", id, err)
	}
	return p, nil
}

// PuzzleTableCount is how many puzzles of a lexicon and tile set were made with one leave
// table ("" for puzzles stored before schema 6 recorded it).
type PuzzleTableCount struct {
	Leaves, LeavesChecksum string
	Puzzles                int
}

// PuzzleTables counts the puzzles of a lexicon and tile set by the leave table they were made
// with, most puzzles first.
func (s *Store) PuzzleTables(ctx context.Context, lexicon, tiles string) ([]PuzzleTableCount, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT leaves, leaves_checksum, count(*) FROM puzzles WHERE lexicon = ? AND tiles = ?
		GROUP BY leaves, leaves_checksum ORDER BY count(*) DESC, leaves, leaves_checksum`, lexicon, tiles)
	if err != nil {
		return nil, fmt.Errorf("store: puzzle tables: %w", err)
	}
	defer rows.Close()
	var out []PuzzleTableCount
	for rows.Next() {
		var c PuzzleTableCount
		if err := rows.Scan(&c.Leaves, &c.LeavesChecksum, &c.Puzzles); err != nil {
			return nil, fmt.Errorf("store: puzzle tables: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// PuzzleDataWithoutTable is the data (package puzzles' JSON) of every puzzle of a lexicon and
// tile set stored without its leave table (before schema 6), by id.
func (s *Store) PuzzleDataWithoutTable(ctx context.Context, lexicon, tiles string) (map[int64][]byte, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, data FROM puzzles WHERE lexicon = ? AND tiles = ? AND leaves_checksum = ''`,
		lexicon, tiles)
	if err != nil {
		return nil, fmt.Errorf("store: puzzles without a leave table: %w", err)
	}
	defer rows.Close()
	out := map[int64][]byte{}
	for rows.Next() {
		var id int64
		var data string
		if err := rows.Scan(&id, &data); err != nil {
			return nil, fmt.Errorf("store: puzzles without a leave table: %w", err)
		}
		out[id] = []byte(data)
	}
	return out, rows.Err()
}

// PuzzleRatingKind is the player_ratings row of the puzzle rating.
const PuzzleRatingKind = "puzzles"

// PuzzleRatingKindOf is the player_ratings row a puzzle of a kind moves: PuzzleRatingKind for
// bingo and best-play puzzles (and "" any), "puzzles.<kind>" for the others (endgame,
// preendgame: one rating each).
func PuzzleRatingKindOf(puzzleKind string) string {
	switch puzzleKind {
	case "", "bingo", "best":
		return PuzzleRatingKind
	}
	return PuzzleRatingKind + "." + puzzleKind
}

// PlayerRating is the player's puzzle rating and the number of rated attempts; def when the
// player has none yet.
func (s *Store) PlayerRating(ctx context.Context, def PuzzleRating) (PuzzleRating, int, error) {
	return s.PlayerRatingOf(ctx, PuzzleRatingKind, def)
}

// PlayerRatingOf is PlayerRating of one player_ratings row (PuzzleRatingKindOf).
func (s *Store) PlayerRatingOf(ctx context.Context, kind string, def PuzzleRating) (PuzzleRating, int, error) {
	r := def
	var games int
	err := s.db.QueryRowContext(ctx, `SELECT rating, deviation, volatility, games FROM player_ratings WHERE kind = ?`,
		kind).Scan(&r.Rating, &r.Deviation, &r.Volatility, &games)
	if errors.Is(err, sql.ErrNoRows) {
		return def, 0, nil
	}
	if err != nil {
		return r, 0, fmt.Errorf("store: player rating: %w", err)
	}
	return r, games, nil
}

// Puzzle attempt actions.
const (
	ActionAnswer = "answer"
	ActionHint   = "hint"
	ActionGiveUp = "give_up"
)

// PuzzleAttempt is one try at a puzzle, a hint asked for, or giving up.
type PuzzleAttempt struct {
	ID        int64
	SessionID int64
	PuzzleID  int64
	Lexicon   string
	Action    string // ActionAnswer, ActionHint, ActionGiveUp
	Answer    string // as typed; for a hint, which hint
	Correct   bool
	Took      time.Duration
	// Rated: this attempt moved the ratings (the first try or giving up first); the ratings
	// before and after are then set.
	Rated                     bool
	PlayerBefore, PlayerAfter PuzzleRating
	PuzzleBefore, PuzzleAfter PuzzleRating
	At                        time.Time
}

// RateFunc computes the new ratings of a rated attempt from the ratings before it.
type RateFunc func(player, puzzle PuzzleRating) (newPlayer, newPuzzle PuzzleRating)

// RecordPuzzleAttempt saves an attempt the moment it is made, in one transaction with the
// rating change it causes: a try or giving up is rated when the puzzle has no earlier try or
// give-up (only the first attempt of a puzzle counts), by rate with the player's rating (def
// if none yet) and the puzzle's as they are in the file. It returns the attempt as stored.
func (s *Store) RecordPuzzleAttempt(ctx context.Context, a PuzzleAttempt, def PuzzleRating, rate RateFunc) (PuzzleAttempt, error) {
	switch a.Action {
	case ActionAnswer, ActionHint, ActionGiveUp:
	default:
		return a, fmt.Errorf("store: puzzle attempt: action %q", a.Action)
	}
	if a.At.IsZero() {
		a.At = s.now()
	}
	a.Rated = false
	err := s.write(ctx, func(tx *sql.Tx) error {
		pid := strconv.FormatInt(a.PuzzleID, 10)
		if a.Action != ActionHint && rate != nil {
			var earlier int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM puzzle_attempts WHERE puzzle_id = ? AND action IN ('answer', 'give_up')`,
				pid).Scan(&earlier); err != nil {
				return err
			}
			a.Rated = earlier == 0
		}
		var before, after, zBefore, zAfter sql.NullFloat64
		var dev, zDev sql.NullFloat64
		if a.Rated {
			var pz PuzzleRating
			var kind string
			if err := tx.QueryRowContext(ctx, `SELECT rating, deviation, volatility, kind FROM puzzles WHERE id = ?`, a.PuzzleID).
				Scan(&pz.Rating, &pz.Deviation, &pz.Volatility, &kind); err != nil {
				if errors.Is(err, sql.ErrNoRows) {
					return fmt.Errorf("puzzle %d: %w", a.PuzzleID, ErrNoPuzzle)
				}
				return err
			}
			ratingKind := PuzzleRatingKindOf(kind)
			pl := def
			var games int
			err := tx.QueryRowContext(ctx, `SELECT rating, deviation, volatility, games FROM player_ratings WHERE kind = ?`,
				ratingKind).Scan(&pl.Rating, &pl.Deviation, &pl.Volatility, &games)
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return err
			}
			a.PlayerBefore, a.PuzzleBefore = pl, pz
			a.PlayerAfter, a.PuzzleAfter = rate(pl, pz)
			now := ms(a.At)
			if _, err := tx.ExecContext(ctx, `INSERT INTO player_ratings (kind, rating, deviation, volatility, games, updated_at)
				VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (kind) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
				volatility = excluded.volatility, games = games + 1, updated_at = excluded.updated_at`,
				ratingKind, a.PlayerAfter.Rating, a.PlayerAfter.Deviation, a.PlayerAfter.Volatility, now); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE puzzles SET rating = ?, deviation = ?, volatility = ?, rated = rated + 1 WHERE id = ?`,
				a.PuzzleAfter.Rating, a.PuzzleAfter.Deviation, a.PuzzleAfter.Volatility, a.PuzzleID); err != nil {
				return err
			}
			before = sql.NullFloat64{Float64: pl.Rating, Valid: true}
			after = sql.NullFloat64{Float64: a.PlayerAfter.Rating, Valid: true}
			dev = sql.NullFloat64{Float64: a.PlayerAfter.Deviation, Valid: true}
			zBefore = sql.NullFloat64{Float64: pz.Rating, Valid: true}
			zAfter = sql.NullFloat64{Float64: a.PuzzleAfter.Rating, Valid: true}
			zDev = sql.NullFloat64{Float64: a.PuzzleAfter.Deviation, Valid: true}
		} else {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM puzzles WHERE id = ?`, a.PuzzleID).Scan(&n); err != nil {
				return err
			}
			if n == 0 {
				return fmt.Errorf("puzzle %d: %w", a.PuzzleID, ErrNoPuzzle)
			}
		}
		r, err := tx.ExecContext(ctx, `INSERT INTO puzzle_attempts (session_id, puzzle_id, lexicon, action, answer, correct,
			rated, time_ms, rating_before, rating_after, deviation_after, puzzle_rating_before, puzzle_rating_after,
			puzzle_deviation_after, attempted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			nullID(a.SessionID), pid, a.Lexicon, a.Action, a.Answer, a.Correct, a.Rated, max(a.Took.Milliseconds(), 0),
			before, after, dev, zBefore, zAfter, zDev, ms(a.At))
		if err != nil {
			return err
		}
		a.ID, err = r.LastInsertId()
		return err
	})
	if err != nil {
		if errors.Is(err, ErrNoPuzzle) {
			return a, err
		}
		return a, fmt.Errorf("store: record puzzle attempt: %w", err)
	}
	return a, nil
}

// PuzzleResult is a rated attempt with what stats group it by.
type PuzzleResult struct {
	PuzzleID  int64
	Kind      string
	Tags      []string
	Correct   bool
	Rating    float64 // the player's rating after it
	Deviation float64
	At        time.Time
}

// PuzzleResults lists the rated attempts under a lexicon ("" all), oldest first.
func (s *Store) PuzzleResults(ctx context.Context, lexicon string) ([]PuzzleResult, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT p.id, p.kind, a.correct, a.rating_after, coalesce(a.deviation_after, 0), a.attempted_at,
		coalesce((SELECT group_concat(tag, ' ') FROM (SELECT tag FROM puzzle_tags t WHERE t.puzzle_id = p.id ORDER BY tag)), '')
		FROM puzzle_attempts a JOIN puzzles p ON a.puzzle_id = CAST(p.id AS TEXT)
		WHERE a.rated = 1 AND (? = '' OR a.lexicon = ?) ORDER BY a.attempted_at, a.id`, lexicon, lexicon)
	if err != nil {
		return nil, fmt.Errorf("store: puzzle results: %w", err)
	}
	defer rows.Close()
	var out []PuzzleResult
	for rows.Next() {
		var r PuzzleResult
		var at int64
		var tags string
		if err := rows.Scan(&r.PuzzleID, &r.Kind, &r.Correct, &r.Rating, &r.Deviation, &at, &tags); err != nil {
			return nil, fmt.Errorf("store: puzzle results: %w", err)
		}
		r.At = fromMS(at)
		r.Tags = strings.Fields(tags)
		out = append(out, r)
	}
	return out, rows.Err()
}

// PuzzleAttempts lists a puzzle's attempts, oldest first.
func (s *Store) PuzzleAttempts(ctx context.Context, puzzleID int64) ([]PuzzleAttempt, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, coalesce(session_id, 0), lexicon, action, answer, correct, rated, time_ms,
		coalesce(rating_before, 0), coalesce(rating_after, 0), coalesce(puzzle_rating_before, 0), coalesce(puzzle_rating_after, 0),
		attempted_at FROM puzzle_attempts WHERE puzzle_id = ? ORDER BY attempted_at, id`, strconv.FormatInt(puzzleID, 10))
	if err != nil {
		return nil, fmt.Errorf("store: puzzle attempts: %w", err)
	}
	defer rows.Close()
	var out []PuzzleAttempt
	for rows.Next() {
		a := PuzzleAttempt{PuzzleID: puzzleID}
		var took, at int64
		if err := rows.Scan(&a.ID, &a.SessionID, &a.Lexicon, &a.Action, &a.Answer, &a.Correct, &a.Rated, &took,
			&a.PlayerBefore.Rating, &a.PlayerAfter.Rating, &a.PuzzleBefore.Rating, &a.PuzzleAfter.Rating, &at); err != nil {
			return nil, fmt.Errorf("store: puzzle attempts: %w", err)
		}
		a.Took, a.At = time.Duration(took)*time.Millisecond, fromMS(at)
		out = append(out, a)
	}
	return out, rows.Err()
}
