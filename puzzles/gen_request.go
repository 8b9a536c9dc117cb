package puzzles

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/atril-scrabble/atril/engine/gcg"
	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
)

// Resumable is the last unfinished generation run, to resume: its options (the caller checks
// they are for its lexicon), its id, the jobs it did and the puzzles it stored.
func Resumable(ctx context.Context, st *studystore.Store) (o GenOptions, runID int64, done, stored int, err error) {
	run, err := st.LastUnfinishedPuzzleRun(ctx)
	if errors.Is(err, studystore.ErrNoPuzzleRun) {
		return o, 0, 0, 0, i18n.E("puzzle_gen.nothing_to_resume")
	}
	if err != nil {
		return o, 0, 0, 0, err
	}
	if err := json.Unmarshal(run.Options, &o); err != nil {
		return o, 0, 0, 0, err
	}
	return o, run.ID, run.Done, run.Stored, nil
}

// ReadInputs reads the records a run generates from, every one before anything is stored.
func ReadInputs(paths []string) ([]Input, error) {
	var inputs []Input
	for _, path := range paths {
		b, err := fileio.ReadFile(path, gcg.MaxSize)
		if err != nil {
			return nil, err
		}
		inputs = append(inputs, Input{Name: path, Data: b})
	}
	return inputs, nil
}

// AnswerJSON is an answer as scripts read it: words in plain upper case with the board's tiles,
// as `moves --json` writes them; an exchange has no coordinates and its notation ("-ABC") as
// word.
type AnswerJSON struct {
	Coords string  `json:"coords"`
	Word   string  `json:"word"`
	Score  int     `json:"score"`
	Equity float64 `json:"equity"`
}

// AnswersJSON are answers as scripts read them.
func AnswersJSON(as []Play) []AnswerJSON {
	out := make([]AnswerJSON, 0, len(as))
	for _, a := range as {
		w := a.Word
		if a.Coords == "" {
			w = a.Move
		}
		out = append(out, AnswerJSON{Coords: a.Coords, Word: w, Score: a.Score, Equity: a.Equity})
	}
	return out
}

// GenPuzzleJSON is a stored puzzle as `atril puzzle gen --json` writes it.
type GenPuzzleJSON struct {
	ID      int64        `json:"id"`
	Kind    string       `json:"kind"`
	CGP     string       `json:"cgp"`
	Rack    string       `json:"rack"`
	Tags    []string     `json:"tags"`
	Answers []AnswerJSON `json:"answers"`
}

// GenJSON is a run's stored puzzles as `atril puzzle gen --json` writes them.
type GenJSON struct {
	Puzzles []GenPuzzleJSON `json:"puzzles"`
}

// JSON is the puzzles the run stored as scripts read them, racks in ts's notation.
func (s *Summary) JSON(ts *lexicon.TileSet) GenJSON {
	out := GenJSON{Puzzles: []GenPuzzleJSON{}}
	for _, pz := range s.Stored {
		j := GenPuzzleJSON{ID: pz.ID, Kind: string(pz.Kind), CGP: pz.Position.CGP(), Rack: ts.Notation(pz.Rack()),
			Tags: []string{}, Answers: AnswersJSON(pz.Answers)}
		for _, t := range pz.Tags {
			j.Tags = append(j.Tags, string(t))
		}
		out.Puzzles = append(out.Puzzles, j)
	}
	return out
}
