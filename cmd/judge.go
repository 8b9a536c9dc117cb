package cmd

import (
	"github.com/spf13/cobra"

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

func runJudge(g *Globals, opts *judgeOptions) error {
	ts, err := g.TileSet()
	if err != nil {
		return err
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	j := lexicon.Judge(lex, ts, opts.Words)
	all, badInput := j.Valid, j.BadInput()
	switch {
	case g.JSON && opts.Challenge:
		err = g.PrintJSON(lexicon.Judgement{Valid: all})
	case g.JSON:
		err = g.PrintJSON(j)
	case opts.Challenge:
		verdict := g.UI.Paint(ui.Good, g.P.T("judge.challenge_valid"))
		if !all {
			verdict = g.UI.Paint(ui.Bad, g.P.T("judge.challenge_invalid"))
		}
		err = g.Say(verdict)
	default:
		err = g.Print(j.Doc(g.P))
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
