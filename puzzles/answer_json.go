package puzzles

import (
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/num"
	"github.com/atril-scrabble/atril/lexicon"
)

// NextJSON is a puzzle to solve as `atril puzzle next --json` writes it.
type NextJSON struct {
	ID     int64   `json:"id"`
	Kind   string  `json:"kind"`
	CGP    string  `json:"cgp"`
	Rack   string  `json:"rack"`
	Rating float64 `json:"rating"`
}

// NextJSON is pz to solve, its rack in ts's notation.
func (pz *Puzzle) NextJSON(ts *lexicon.TileSet) NextJSON {
	return NextJSON{ID: pz.ID, Kind: string(pz.Kind), CGP: pz.Position.CGP(), Rack: ts.Notation(pz.Rack()),
		Rating: num.Round2(pz.Rating.Rating)}
}

// AnswerResultJSON is a try at a puzzle as `atril puzzle answer --json` writes it.
type AnswerResultJSON struct {
	Correct      bool         `json:"correct"`
	Play         *AnswerJSON  `json:"play,omitempty"`
	Grade        *Grade       `json:"grade,omitempty"`
	Answers      []AnswerJSON `json:"answers"`
	PlayerRating float64      `json:"player_rating"`
	PuzzleRating float64      `json:"puzzle_rating"`
}

// ResultJSON is the try out at pz for scripts.
func (out *Outcome) ResultJSON(pz *Puzzle) AnswerResultJSON {
	j := out.Judgement
	res := AnswerResultJSON{Correct: j.Correct, Grade: j.Grade, Answers: AnswersJSON(pz.Answers),
		PlayerRating: num.Round2(out.PlayerAfter.Rating), PuzzleRating: num.Round2(out.PuzzleAfter.Rating)}
	if j.Play != nil && (j.Play.Move != "" || j.Play.Word != "") {
		res.Play = &AnswersJSON([]Play{*j.Play})[0]
	}
	return res
}

// AmbiguousError says that the try was a bare word that fits several answers' places, and
// which (nil when it was not).
func (j *Judgement) AmbiguousError() error {
	if len(j.Ambiguous) == 0 {
		return nil
	}
	return i18n.E("puzzle.ambiguous", "Word", j.Ambiguous[0].Word, "Places", j.ambiguousPlaces())
}

// ambiguousPlaces lists the squares an ambiguous bare word fits.
func (j *Judgement) ambiguousPlaces() string {
	var where []string
	for _, a := range j.Ambiguous {
		where = append(where, a.Coords)
	}
	return strings.Join(where, ", ")
}
