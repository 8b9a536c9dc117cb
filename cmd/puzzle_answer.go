package cmd

import (
	"errors"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/puzzles"
)

type puzzleAnswerOptions struct {
	ID   int64
	Move string // the words after the id, joined by spaces
}

// newPuzzleAnswerCmd makes `atril puzzle answer`. runF, when not nil, stands in for the run
// (gh's seam).
func newPuzzleAnswerCmd(g *Globals, runF func(*puzzleAnswerOptions) error) *cobra.Command {
	p := g.P
	c := &cobra.Command{
		Use:     p.T("puzzle_answer.use"),
		Short:   p.T("puzzle_answer.short"),
		Long:    p.T("puzzle_answer.long"),
		Example: p.T("puzzle_answer.example"),
		// An exchange is written with a leading minus (-ABC, -[CH]DFQSY), which a flag parser
		// reads as flags: the command parses its flags itself (see moveArgs).
		DisableFlagParsing: true,
		Args:               cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			args, err := moveArgs(c, args)
			if err != nil || args == nil {
				return err
			}
			id, err := strconv.ParseInt(args[0], 10, 64)
			if err != nil || id < 1 {
				return withCode(ExitError, i18n.E("puzzle_answer.bad_id", "ID", args[0]))
			}
			opts := &puzzleAnswerOptions{ID: id, Move: strings.Join(args[1:], " ")}
			if runF != nil {
				return runF(opts) // flag tests: the options parsed, nothing run
			}
			return runPuzzleAnswer(c, g, opts)
		},
	}
	return c
}

// moveArgs parses c's flags among args, taking a word that starts with a single minus and is
// not a flag of c (-ABC, -[CH]DFQSY) as a word of the move, and returns the other arguments
// in order; nil (and no error) when it showed the help.
func moveArgs(c *cobra.Command, args []string) ([]string, error) {
	var flags, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			rest = append(rest, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(a, "--"):
			flags = append(flags, a)
			name, _, hasValue := strings.Cut(a[2:], "=")
			f := c.Flags().Lookup(name)
			if f == nil {
				f = c.InheritedFlags().Lookup(name)
			}
			if f != nil && !hasValue && f.NoOptDefVal == "" && i+1 < len(args) {
				flags = append(flags, args[i+1]) // its value
				i++
			}
		case len(a) == 2 && a[0] == '-' && c.Flags().ShorthandLookup(a[1:]) != nil:
			flags = append(flags, a)
		default:
			rest = append(rest, a)
		}
	}
	c.DisableFlagParsing = false
	err := c.ParseFlags(flags)
	c.DisableFlagParsing = true
	if err != nil {
		return nil, c.FlagErrorFunc()(c, err)
	}
	if help, _ := c.Flags().GetBool("help"); help {
		return nil, c.Help()
	}
	if len(rest) < 2 {
		return nil, argsError(c, rest, cobra.MinimumNArgs(2)(c, rest))
	}
	return rest, nil
}

func runPuzzleAnswer(c *cobra.Command, g *Globals, opts *puzzleAnswerOptions) error {
	svc, err := puzzleService(g, true)
	if err != nil {
		return err
	}
	defer svc.Store.Close()
	pz, out, err := svc.AnswerOnce(c.Context(), opts.ID, opts.Move)
	// A play the rules refuse is a clear "no", as in atril score (not saved: not an attempt).
	if ue := (*puzzles.UnplayableError)(nil); errors.As(err, &ue) {
		return withCode(ExitNo, i18n.Wrap(ue.Err, "puzzle_answer.not_counted"))
	}
	if err != nil {
		return withCode(ExitError, err)
	}
	j := out.Judgement
	correct := j.Correct
	var mine *puzzles.Play
	if correct {
		mine = j.Play
	}
	if g.JSON {
		err = g.PrintJSON(out.ResultJSON(pz))
	} else {
		d := puzzles.TryDoc(g.UI, g.P, pz, out)
		if err = g.Print(d); err == nil {
			err = g.Print(puzzles.SolutionDoc(g.UI, g.P, pz, 5, drawBoard, mine))
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
