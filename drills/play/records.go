package play

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"time"

	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/puzzles"
)

// ErrNotFinished is a stored game asked for whole that still goes on.
var ErrNotFinished = errors.New("the game is not finished")

// StoredRecord is the record of stored game id, which must be finished (else ErrNotFinished): its GCG text, its file
// name (GameName) and the name the player played under.
func StoredRecord(ctx context.Context, st *studystore.Store, id int64) (data []byte, name, player string, err error) {
	rec, _, err := st.Game(ctx, id)
	if errors.Is(err, studystore.ErrNoGame) {
		return nil, "", "", i18n.E("games.no_game", "ID", id)
	}
	if err != nil {
		return nil, "", "", err
	}
	if rec.Finished.IsZero() {
		return nil, "", "", ErrNotFinished
	}
	return []byte(rec.GCG), GameName(id), rec.Player, nil
}

// WriteRecord writes a stored game's record, named name, into the games directory, where puzzle
// gen --resume can read it again; it returns the file's path.
func WriteRecord(st *studystore.Store, name string, data []byte) (string, error) {
	if err := os.MkdirAll(GamesDir(st), 0o755); err != nil {
		return "", i18n.Wrap(err, "play.write_gcg", "File", GamesDir(st))
	}
	file := filepath.Join(GamesDir(st), name)
	if err := os.WriteFile(file, data, 0o644); err != nil {
		return "", i18n.Wrap(err, "play.write_gcg", "File", file)
	}
	return file, nil
}

// MistakePuzzles stores puzzles of player's turns that lost minLoss equity or more in the game
// whose record data was read from file, made as `atril puzzle gen --gcg FILE --player NAME`
// makes them (checked statically); it returns how many it stored. now is the clock (nil: the
// system's).
func MistakePuzzles(ctx context.Context, st *studystore.Store, lex *lexicon.Lexicon, table equity.Table, file string, data []byte,
	player string, minLoss float64, now func() time.Time) (int, error) {
	plan, err := puzzles.NewPlan(puzzles.GenOptions{GCG: []string{file}, Player: player, MinLoss: minLoss},
		[]puzzles.Input{{Name: file, Data: data}}, lex, table, nil)
	if err != nil {
		return 0, err
	}
	sum, err := (&puzzles.Generator{Store: st, Workers: 1, Now: now}).Run(ctx, plan, 0, 0, 0)
	if sum != nil {
		return len(sum.Stored), err
	}
	return 0, err
}
