package drills

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/srs"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
)

// Zyzzyva's quiz database, as Zyzzyva (and Aerolith, which takes the same file as an upload)
// writes it: one file per lexicon and quiz type (.../data/LEXICON/Anagrams.db), one table,
//
//	CREATE TABLE questions (question varchar(16), correct integer, incorrect integer,
//	    streak integer, last_correct integer, difficulty integer, cardbox integer,
//	    next_scheduled integer)
//
// with a unique index on question. For anagram quizzes a question is an alphagram. Times are
// Unix seconds; streak is the right answers in a row, negative for wrong ones; cardbox is NULL
// for a question outside the cardbox, else its box from 0 (Zyzzyva's boxes go on past the last
// interval, which every higher box uses); difficulty is 50 unless set.

// zyzzyvaColumns are the columns an import needs.
var zyzzyvaColumns = []string{"question", "correct", "incorrect", "streak", "last_correct", "difficulty", "cardbox", "next_scheduled"}

// zyzzyvaSchema creates an exported file: Zyzzyva's own statements.
const zyzzyvaSchema = `CREATE TABLE questions (question varchar(16), correct integer, incorrect integer, streak integer, last_correct integer, difficulty integer, cardbox integer, next_scheduled integer);
CREATE UNIQUE INDEX question_index ON questions (question);`

// zyzzyvaDifficulty is the difficulty Zyzzyva gives every question.
const zyzzyvaDifficulty = 50

// ZyzzyvaQuestion is one row of a Zyzzyva quiz database.
type ZyzzyvaQuestion struct {
	Question      string
	Correct       int
	Incorrect     int
	Streak        int
	LastCorrect   int64  // Unix seconds, 0 for never
	Difficulty    *int   // nil: NULL
	Cardbox       *int   // nil: not in the cardbox
	NextScheduled *int64 // Unix seconds; nil: NULL
}

// ReadZyzzyva reads a Zyzzyva quiz database, never writing it. A file that is not SQLite, or
// has no questions table with Zyzzyva's columns, is refused with an error naming it.
func ReadZyzzyva(ctx context.Context, path string) ([]ZyzzyvaQuestion, error) {
	f, err := fileio.Open(path) // a FIFO or a device refused before opening, saying so
	if errors.As(err, new(*fileio.NotRegularError)) {
		return nil, err
	}
	if err != nil {
		return nil, i18n.Wrap(err, "zyzzyva.err.open", "File", path)
	}
	head := make([]byte, 16)
	n, _ := io.ReadFull(f, head)
	f.Close()
	if n < 16 || !bytes.Equal(head, []byte("SQLite format 3\x00")) {
		return nil, i18n.E("zyzzyva.err.not_sqlite", "File", path)
	}
	db, err := sql.Open("sqlite", "file:"+strings.ReplaceAll(path, "%", "%25")+"?mode=ro&_pragma=query_only(1)")
	if err != nil {
		return nil, i18n.Wrap(err, "zyzzyva.err.open", "File", path)
	}
	defer db.Close()
	cols := map[string]bool{}
	rows, err := db.QueryContext(ctx, `SELECT name FROM pragma_table_info('questions')`)
	if err != nil {
		return nil, i18n.Wrap(err, "zyzzyva.err.read", "File", path)
	}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			rows.Close()
			return nil, i18n.Wrap(err, "zyzzyva.err.read", "File", path)
		}
		cols[strings.ToLower(name)] = true
	}
	rows.Close()
	var missing []string
	for _, c := range zyzzyvaColumns {
		if !cols[c] {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		return nil, i18n.E("zyzzyva.err.schema", "File", path, "Missing", strings.Join(missing, ", "))
	}
	rows, err = db.QueryContext(ctx, `SELECT question, correct, incorrect, streak, last_correct, difficulty, cardbox, next_scheduled
		FROM questions ORDER BY rowid`)
	if err != nil {
		return nil, i18n.Wrap(err, "zyzzyva.err.read", "File", path)
	}
	defer rows.Close()
	var out []ZyzzyvaQuestion
	for line := 1; rows.Next(); line++ {
		var (
			q                                  sql.NullString
			correct, incorrect, streak, last   sql.NullInt64
			difficulty, cardbox, nextScheduled sql.NullInt64
		)
		if err := rows.Scan(&q, &correct, &incorrect, &streak, &last, &difficulty, &cardbox, &nextScheduled); err != nil {
			return nil, i18n.Wrap(err, "zyzzyva.err.row", "File", path, "Row", line)
		}
		zq := ZyzzyvaQuestion{Question: q.String, Correct: int(correct.Int64), Incorrect: int(incorrect.Int64),
			Streak: int(streak.Int64), LastCorrect: last.Int64}
		if difficulty.Valid {
			v := int(difficulty.Int64)
			zq.Difficulty = &v
		}
		if cardbox.Valid {
			v := int(cardbox.Int64)
			zq.Cardbox = &v
		}
		if nextScheduled.Valid {
			v := nextScheduled.Int64
			zq.NextScheduled = &v
		}
		if zq.Correct < 0 || zq.Incorrect < 0 || zq.Cardbox != nil && *zq.Cardbox < 0 {
			return nil, i18n.E("zyzzyva.err.values", "File", path, "Row", line, "Question", strconv.Quote(zq.Question))
		}
		out = append(out, zq)
	}
	if err := rows.Err(); err != nil {
		return nil, i18n.Wrap(err, "zyzzyva.err.read", "File", path)
	}
	return out, nil
}

// parseAlphagram reads a Zyzzyva question tile by tile: in an alphagram letters are sorted, so
// a C before an H is two tiles, never CH; the FISE digits 1 2 3 (and [CH]) are the digraph
// tiles; ? a blank.
func parseAlphagram(ts *lexicon.TileSet, q string) ([]lexicon.Tile, error) {
	var out []lexicon.Tile
	rs := []rune(strings.TrimSpace(q))
	for i := 0; i < len(rs); i++ {
		chunk := string(rs[i])
		if rs[i] == '[' {
			end := slices.Index(rs[i:], ']')
			if end < 0 {
				return nil, i18n.E("spell.unclosed_bracket")
			}
			chunk = string(rs[i : i+end+1])
			i += end
		}
		t, err := ts.ParseRack(chunk)
		if err != nil {
			return nil, err
		}
		out = append(out, t...)
	}
	if len(out) == 0 {
		return nil, i18n.E("deck.err.no_tiles")
	}
	return out, nil
}

// zyzzyvaSpelling spells tiles as a Zyzzyva question: the FISE digits for the digraph tiles (1
// CH, 2 LL, 3 RR), letters sorted as Zyzzyva sorts them (by character).
func zyzzyvaSpelling(ts *lexicon.TileSet, tiles []lexicon.Tile) string {
	digit := map[string]string{"CH": "1", "LL": "2", "RR": "3"}
	var rs []rune
	for _, t := range tiles {
		l := ts.Label(t)
		if d, ok := digit[l]; ok {
			l = d
		}
		rs = append(rs, []rune(l)...)
	}
	slices.Sort(rs)
	return string(rs)
}

// ZyzzyvaImport is what an import did.
type ZyzzyvaImport struct {
	Deck     string `json:"deck"`
	Lexicon  string `json:"lexicon"`
	File     string `json:"file"`
	Imported int    `json:"imported"`
	// NotHeld are the questions that make no word under the lexicon (or are not its tiles):
	// left out, and named.
	NotHeld []string `json:"not_held"`
	// OutsideCardbox counts the rows with no box (quizzed, never put in the cardbox): left out.
	OutsideCardbox int `json:"outside_cardbox"`
	// Duplicates are questions that are the same alphagram as one before them: left out.
	Duplicates []string `json:"duplicates"`
}

// minHeld is the share of a cardbox's questions that must make a word under the lexicon named:
// below it the file is taken to be another lexicon's, and nothing is imported.
const minHeld = 0.5

// ImportZyzzyva makes deck name (a new cardbox deck of anagram cards under lex) of a Zyzzyva
// quiz database's cardbox: each card keeps its box, due time, streak and counts. Questions
// that no longer make a word under lex are named in the result, not imported. A file that is
// not a Zyzzyva database, or whose questions are mostly not lex's (another lexicon's cardbox),
// is refused and nothing is written.
func ImportZyzzyva(ctx context.Context, st *studystore.Store, lex *lexicon.Lexicon, name, path string, now time.Time) (ZyzzyvaImport, error) {
	res := ZyzzyvaImport{Deck: name, Lexicon: lex.Name, File: path, NotHeld: []string{}, Duplicates: []string{}}
	if strings.TrimSpace(name) == "" {
		return res, i18n.E("store.deck_no_name")
	}
	if _, err := st.DeckByName(ctx, name); err == nil {
		return res, i18n.Wrap(studystore.ErrDeckExists, "store.deck_exists", "Deck", name)
	} else if !errors.Is(err, studystore.ErrNoDeck) {
		return res, err
	}
	qs, err := ReadZyzzyva(ctx, path)
	if err != nil {
		return res, err
	}
	ts := lex.Tiles
	seen := map[string]bool{}
	var cards []studystore.ImportedCard
	inBox := 0
	for _, q := range qs {
		if q.Cardbox == nil {
			res.OutsideCardbox++
			continue
		}
		inBox++
		tiles, err := parseAlphagram(ts, q.Question)
		if err != nil || len(lex.Anagrams(tiles)) == 0 {
			res.NotHeld = append(res.NotHeld, q.Question)
			continue
		}
		key := ts.Notation(lexicon.Alphagram(tiles))
		if seen[key] {
			res.Duplicates = append(res.Duplicates, q.Question)
			continue
		}
		seen[key] = true
		box := *q.Cardbox
		state := srs.State{Phase: srs.Review, Box: box, Reps: q.Correct + q.Incorrect, Lapses: q.Incorrect,
			ScheduledDays: srs.CardboxDays[min(box, len(srs.CardboxDays)-1)], Due: now}
		if q.NextScheduled != nil {
			state.Due = time.Unix(*q.NextScheduled, 0).UTC()
		}
		if q.LastCorrect > 0 {
			state.LastReview = time.Unix(q.LastCorrect, 0).UTC()
		}
		src := studystore.SourceRecord{Question: q.Question, Correct: q.Correct, Incorrect: q.Incorrect, Streak: q.Streak,
			Difficulty: q.Difficulty, Box: q.Cardbox}
		if q.LastCorrect > 0 {
			src.LastCorrect = time.Unix(q.LastCorrect, 0).UTC()
		}
		if q.NextScheduled != nil {
			src.Due = state.Due
		}
		cards = append(cards, studystore.ImportedCard{Question: key, State: state, Source: src})
	}
	if inBox == 0 {
		return res, i18n.E("zyzzyva.err.empty", "File", path, "Rows", len(qs))
	}
	if held := inBox - len(res.NotHeld); float64(held) < minHeld*float64(inBox) {
		examples := res.NotHeld[:min(5, len(res.NotHeld))]
		return res, i18n.E("zyzzyva.err.other_lexicon", "File", path, "Lexicon", lex.Name, "Held", held, "Total", inBox,
			"Examples", strings.Join(examples, " "), "Folder", filepath.Base(filepath.Dir(path)))
	}
	d := studystore.Deck{Name: name, Lexicon: lex.Name, Kind: string(KindAnagram), Scheduler: "cardbox",
		NewPerDay: DefaultNewPerDay, Source: "--zyzzyva " + path}
	if _, err := st.ImportDeck(ctx, d, "zyzzyva", cards); err != nil {
		return res, err
	}
	res.Imported = len(cards)
	return res, nil
}

// ZyzzyvaExport is what an export wrote.
type ZyzzyvaExport struct {
	Deck      string `json:"deck"`
	File      string `json:"file"`
	Questions int    `json:"questions"`
}

// ExportZyzzyva writes anagram deck name as a new Zyzzyva quiz database at path (refusing a
// file that exists): cards imported from Zyzzyva go back as they came, with the answers given
// in atril since added to their counts and streak, and their box and due time from atril's
// schedule once reviewed here; cards never answered go in box 0, due now, as Zyzzyva adds
// questions to its cardbox.
func ExportZyzzyva(ctx context.Context, st *studystore.Store, lex *lexicon.Lexicon, name, path string, now time.Time) (ZyzzyvaExport, error) {
	res := ZyzzyvaExport{Deck: name, File: path}
	d, err := st.DeckByName(ctx, name)
	if err != nil {
		return res, err
	}
	if d.Kind != string(KindAnagram) {
		return res, i18n.E("zyzzyva.err.kind", "Deck", name, "Kind", d.Kind)
	}
	if _, err := os.Lstat(path); err == nil {
		return res, i18n.E("zyzzyva.err.exists", "File", path)
	}
	cards, err := st.DeckExport(ctx, d.ID)
	if err != nil {
		return res, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return res, i18n.Wrap(err, "zyzzyva.err.write", "File", path)
	}
	tmpName := tmp.Name()
	tmp.Close()
	defer os.Remove(tmpName) // gone once renamed; left by nothing on an error
	if err := writeZyzzyva(ctx, tmpName, lex.Tiles, cards, now); err != nil {
		return res, i18n.Wrap(err, "zyzzyva.err.write", "File", path)
	}
	if err := os.Rename(tmpName, path); err != nil {
		return res, i18n.Wrap(err, "zyzzyva.err.write", "File", path)
	}
	res.Questions = len(cards)
	return res, nil
}

func writeZyzzyva(ctx context.Context, path string, ts *lexicon.TileSet, cards []studystore.ExportCard, now time.Time) error {
	db, err := sql.Open("sqlite", "file:"+strings.ReplaceAll(path, "%", "%25"))
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, zyzzyvaSchema); err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	ins, err := tx.PrepareContext(ctx, `INSERT OR IGNORE INTO questions (question, correct, incorrect, streak, last_correct,
		difficulty, cardbox, next_scheduled) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer ins.Close()
	for _, c := range cards {
		src := c.Source
		q := src.Question
		if !src.FromOtherProgram {
			tiles, err := ts.Parse(c.Question, lexicon.ParseOptions{AllowBlank: true})
			if err != nil {
				return err
			}
			q = zyzzyvaSpelling(ts, tiles)
		}
		correct, incorrect, streak := src.Correct, src.Incorrect, src.Streak
		last := src.LastCorrect
		for _, a := range c.Answers { // as Zyzzyva's recordResponse counts them
			if a.Correct {
				correct++
				streak = max(streak, 0) + 1
				last = a.At
			} else {
				incorrect++
				streak = min(streak, 0) - 1
			}
		}
		var lastSec int64
		if !last.IsZero() {
			lastSec = last.Unix()
		}
		difficulty := zyzzyvaDifficulty
		if src.Difficulty != nil {
			difficulty = *src.Difficulty
		}
		box := sql.NullInt64{Int64: 0, Valid: true}
		next := sql.NullInt64{Int64: now.Unix(), Valid: true}
		if c.State.Phase != srs.New {
			box = sql.NullInt64{Int64: int64(c.State.Box), Valid: true}
			if src.FromOtherProgram && len(c.Answers) == 0 && src.Box != nil {
				box.Int64 = int64(*src.Box) // Zyzzyva's own box, past atril's last if it was
			}
			if !c.State.Due.IsZero() {
				next = sql.NullInt64{Int64: c.State.Due.Unix(), Valid: true}
			}
		}
		if _, err := ins.ExecContext(ctx, q, correct, incorrect, streak, lastSec, difficulty, box, next); err != nil {
			return err
		}
	}
	return tx.Commit()
}
