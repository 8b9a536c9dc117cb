package cmd

import (
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/boardtext"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

type scoreOptions struct {
	CGP  string
	Play string
}

// newScoreCmd makes `atril score`. runF, when not nil, stands in for the run (gh's seam).
func newScoreCmd(g *Globals, runF func(*scoreOptions) error) *cobra.Command {
	opts := &scoreOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("score.use"),
		Short:   p.T("score.short"),
		Long:    p.T("score.long"),
		Example: p.T("score.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts) // flag tests: the options parsed, nothing run
			}
			return runScore(g, opts)
		},
	}
	c.Flags().StringVar(&opts.CGP, "cgp", "", p.T("score.flag.cgp"))
	c.Flags().StringVar(&opts.Play, "play", "", p.T("score.flag.play"))
	return c
}

func runScore(g *Globals, opts *scoreOptions) error {
	if opts.CGP == "" || opts.Play == "" {
		return withCode(ExitError, i18n.E("score.needs"))
	}
	ts, err := g.TileSet()
	if err != nil {
		return err
	}
	pos, err := parseCGPFlag(opts.CGP, ts)
	if err != nil {
		return err
	}
	m, err := engine.ParseMove(opts.Play, pos.Board, ts)
	if err != nil {
		return withCode(ExitError, i18n.Wrap(err, "score.play_flag"))
	}
	if m.Kind != engine.Play {
		return withCode(ExitError, i18n.E("score.not_a_play", "Play", opts.Play))
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	v := pos.Check(&m, lex)

	// Notes: the validator's (a blank assumed), then how the position was read.
	notes := append(v.Notes, pos.Notes()...)
	if named := pos.Lexicon(); named != "" && !lexicon.SameName(named, lex.Name) {
		notes = append(notes, i18n.E("score.lexicon_note", "Named", named, "Used", lex.Name))
	}
	// JSON is for scripts: its messages stay in English whatever the interface language.
	out := boardtext.ScoreOf(pos, opts.Play, &v, notes)
	if g.JSON {
		err = g.PrintJSON(out)
	} else {
		err = g.Print(out.Doc(g.UI, g.P))
	}
	if err != nil {
		return err
	}
	if !v.Legal {
		return withCode(ExitNo, errSilentNo)
	}
	return nil
}
