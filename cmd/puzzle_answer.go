package cmd

import (
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/puzzles"
)

func init() {
	registerPuzzle(func(g *Globals) *cobra.Command {
		p := g.P
		c := &cobra.Command{
			Use:     p.T("puzzle_answer.use"),
			Short:   p.T("puzzle_answer.short"),
			Long:    p.T("puzzle_answer.long"),
			Example: p.T("puzzle_answer.example"),
			Args:    cobra.MinimumNArgs(2),
			RunE:    func(c *cobra.Command, args []string) error { return runPuzzleAnswer(c, g, args) },
		}
		return c
	})
}

type puzzleAnswerResultJSON struct {
	Correct      bool               `json:"correct"`
	Answers      []puzzleAnswerJSON `json:"answers"`
	PlayerRating float64            `json:"player_rating"`
	PuzzleRating float64            `json:"puzzle_rating"`
}

func runPuzzleAnswer(c *cobra.Command, g *Globals, args []string) error {
	ctx := c.Context()
	id, err := strconv.ParseInt(args[0], 10, 64)
	if err != nil || id < 1 {
		return withCode(ExitError, i18n.E("puzzle_answer.bad_id", "ID", args[0]))
	}
	move := strings.Join(args[1:], " ")
	svc, err := puzzleService(g, true)
	if err != nil {
		return err
	}
	defer svc.Store.Close()
	pz, err := svc.Puzzle(ctx, id)
	if err != nil {
		return withCode(ExitError, err)
	}
	out, err := svc.Answer(ctx, pz, move, 0, 0)
	if err != nil {
		return withCode(ExitError, err)
	}
	if err := out.Judgement.Unplayable(); err != nil {
		return withCode(ExitError, err)
	}
	if !out.Saved {
		var where []string
		for _, a := range out.Judgement.Ambiguous {
			where = append(where, a.Coords)
		}
		return withCode(ExitError, i18n.E("puzzle.ambiguous", "Word", out.Judgement.Ambiguous[0].Word, "Places", strings.Join(where, ", ")))
	}
	correct := out.Judgement.Correct
	if g.JSON {
		err = g.PrintJSON(puzzleAnswerResultJSON{Correct: correct, Answers: answersJSON(pz.Answers),
			PlayerRating: round2(out.PlayerAfter.Rating), PuzzleRating: round2(out.PuzzleAfter.Rating)})
	} else {
		d := puzzles.TryDoc(g.UI, g.P, pz, out)
		if err = g.Print(d); err == nil {
			err = g.Print(puzzles.SolutionDoc(g.UI, g.P, pz, 5, drawBoard))
		}
	}
	if err != nil {
		return err
	}
	if !correct {
		return withCode(ExitNo, errSilentNo)
	}
	return nil
}
