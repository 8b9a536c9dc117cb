package cmd

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

type judgeOptions struct {
	Words     []string
	Challenge bool
}

// newJudgeCmd makes `atril judge`.
func newJudgeCmd(g *Globals) *cobra.Command {
	opts := &judgeOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("judge.use"),
		Short:   p.T("judge.short"),
		Long:    p.T("judge.long"),
		Example: p.T("judge.example"),
		Args:    cobra.MinimumNArgs(1),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return nil, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			opts.Words = args
			return runJudge(g, opts)
		},
	}
	c.Flags().BoolVar(&opts.Challenge, "challenge", false, p.T("judge.flag.challenge"))
	return c
}

type judgeWordJSON struct {
	Word  string `json:"word"`
	Valid bool   `json:"valid"`
	// Problem, for a word that could not be read as tiles: "not_in_tile_set" (a letter such as K
	// that Spanish Scrabble has no tile for: the word is not valid) or "not_letters" (a symbol,
	// a digit: bad input).
	Problem string `json:"problem,omitempty"`
	reason  error
}

type judgeJSON struct {
	Valid bool            `json:"valid"`
	Words []judgeWordJSON `json:"words,omitempty"`
}

// errNoTiles is a word argument with nothing in it.
var errNoTiles = i18n.E("judge.no_tiles")

func runJudge(g *Globals, opts *judgeOptions) error {
	ts, err := g.TileSet()
	if err != nil {
		return err
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	// Every word gets its verdict: a word with a letter the set lacks (KIWI) is not valid, and
	// one that is not letters at all (CAN~A) is bad input; neither hides the others.
	words := make([]judgeWordJSON, len(opts.Words))
	all, badInput := true, false
	for i, s := range opts.Words {
		w, err := ts.ParseWord(s)
		var se *lexicon.SpellError
		switch {
		case err == nil && len(w) > 0:
			words[i] = judgeWordJSON{Word: ts.Display(w), Valid: lex.Contains(w)}
		case errors.As(err, &se) && !se.NotLetters:
			words[i] = judgeWordJSON{Word: s, Problem: "not_in_tile_set", reason: se.Reason}
		default:
			if err == nil {
				err = errNoTiles
			} else if errors.As(err, &se) {
				err = se.Reason
			}
			words[i] = judgeWordJSON{Word: s, Problem: "not_letters", reason: err}
			badInput = true
		}
		all = all && words[i].Valid
	}
	switch {
	case g.JSON && opts.Challenge:
		err = g.PrintJSON(judgeJSON{Valid: all})
	case g.JSON:
		err = g.PrintJSON(judgeJSON{Valid: all, Words: words})
	case opts.Challenge:
		verdict := g.UI.Paint(ui.Good, g.P.T("judge.challenge_valid"))
		if !all {
			verdict = g.UI.Paint(ui.Bad, g.P.T("judge.challenge_invalid"))
		}
		err = g.Say(verdict)
	default:
		t := ui.NewTable(ui.Col{}, ui.Col{}, ui.Col{Shrink: true})
		for _, w := range words {
			switch {
			case w.Valid:
				t.Cells(ui.Cell{Text: w.Word}, ui.Cell{Text: g.P.T("judge.valid"), Style: ui.Good})
			case w.Problem == "not_letters":
				t.Cells(ui.Cell{Text: w.Word}, ui.Cell{Text: g.P.T("judge.bad_input"), Style: ui.Warn}, ui.Cell{Text: g.P.Err(w.reason)})
			case w.reason != nil:
				t.Cells(ui.Cell{Text: w.Word}, ui.Cell{Text: g.P.T("judge.not_valid"), Style: ui.Bad}, ui.Cell{Text: g.P.Err(w.reason)})
			default:
				t.Cells(ui.Cell{Text: w.Word}, ui.Cell{Text: g.P.T("judge.not_valid"), Style: ui.Bad})
			}
		}
		err = g.Print(ui.NewDoc().Table(t))
	}
	if err != nil {
		return err
	}
	switch {
	case badInput:
		return withCode(ExitError, errSilentNo)
	case !all:
		return withCode(ExitNo, errSilentNo)
	}
	return nil
}
