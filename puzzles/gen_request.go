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
	"github.com/atril-scrabble/atril/puzzles/puzzletag"
)

// GenRequest is a generation run as a user asks for one (`atril puzzle gen`'s flags): Options
// checks it and makes it the run's options.
type GenRequest struct {
	SelfPlay      int
	Seed          uint64
	GCG           []string
	Player        string
	MinLoss       float64
	CGP           string
	Kinds         []string
	Tags          []string
	Margin        float64
	Accept        float64
	NoSim         bool
	SimCandidates int
	SimIterations int
	SimPlies      int
	Disagree      string
	Limit         int
	Exact         ExactOptions
}

// Options are the run's options, its kinds and tags read; p names the tags in a refusal.
func (r *GenRequest) Options(p *i18n.Printer) (GenOptions, error) {
	o := GenOptions{SelfPlay: r.SelfPlay, Seed: r.Seed, Player: r.Player, CGP: r.CGP,
		Margin: r.Margin, Accept: r.Accept, Verify: !r.NoSim, Limit: r.Limit,
		Sim: VerifyOptions{Candidates: r.SimCandidates, Iterations: r.SimIterations, Plies: r.SimPlies, Disagree: r.Disagree}}
	if o.Player != "" {
		o.MinLoss = r.MinLoss
	}
	if r.SimCandidates < 2 || r.SimIterations < 1 || r.SimPlies < 1 {
		return o, i18n.E("puzzle_gen.bad_sim_flags")
	}
	if r.Exact.Margin < 0 || r.Exact.MaxTiles < 0 || r.Exact.Candidates < 0 || r.Exact.Accept < 0 {
		return o, i18n.E("egpuzzle.err.bad_options")
	}
	o.Exact = r.Exact
	for _, k := range r.Kinds {
		kind, ok := ParseKind(k)
		if !ok {
			return o, i18n.E("puzzle.bad_kind", "Value", k)
		}
		o.Kinds = append(o.Kinds, kind)
	}
	for _, t := range r.Tags {
		tag, ok := puzzletag.Parse(t)
		if !ok {
			return o, i18n.E("puzzle.bad_tag", "Value", t, "Tags", puzzletag.Choices(p))
		}
		o.Tags = append(o.Tags, tag)
	}
	o.GCG = r.GCG
	return o, nil
}

// Resumable is the last unfinished generation run, to resume: its options (checked to be for
// lex), its id, the jobs it did and the puzzles it stored.
func Resumable(ctx context.Context, st *studystore.Store, lex *lexicon.Lexicon) (o GenOptions, runID int64, done, stored int, err error) {
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
	if o.Lexicon != lex.Name || o.Tiles != lex.Tiles.Name {
		return o, 0, 0, 0, i18n.E("puzzle_gen.resume_lexicon", "Lexicon", o.Lexicon, "Tiles", o.Tiles)
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
