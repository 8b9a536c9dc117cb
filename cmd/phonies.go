package cmd

import (
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon/morph"
)

type phoniesOptions struct {
	Count  int
	Seed   uint64
	Length string
}

// maxPhonies bounds --count.
const maxPhonies = 100000

// newPhoniesCmd makes `atril phonies`. runF, when not nil, stands in for the run (gh's seam).
func newPhoniesCmd(g *Globals, runF func(*phoniesOptions) error) *cobra.Command {
	o := &phoniesOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("phonies.use"),
		Short:   p.T("phonies.short"),
		Long:    p.T("phonies.long"),
		Example: p.T("phonies.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if !c.Flags().Changed("seed") {
				o.Seed = uint64(g.io.Now().UnixNano())
			}
			if runF != nil {
				return runF(o) // flag tests: the options parsed, nothing run
			}
			return runPhonies(g, o)
		},
	}
	c.Flags().IntVarP(&o.Count, "count", "n", 20, p.T("phonies.flag.count", "Max", maxPhonies))
	c.Flags().Uint64Var(&o.Seed, "seed", 0, p.T("phonies.flag.seed"))
	c.Flags().StringVar(&o.Length, "length", "", p.T("phonies.flag.length"))
	return c
}

func runPhonies(g *Globals, o *phoniesOptions) error {
	if o.Count < 1 || o.Count > maxPhonies {
		return withCode(ExitError, i18n.E("phonies.err.count", "Count", o.Count, "Max", maxPhonies))
	}
	var f morph.Filter
	if o.Length != "" {
		lo, hi, err := drills.ParseLengths(o.Length)
		if err != nil {
			return flagError("--length", err)
		}
		f.MinLen, f.MaxLen = lo, hi
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	out := g.morphology(lex).PhoniesReport(lex.Tiles, lex.Name, o.Seed, o.Count, f)
	if g.JSON {
		return g.PrintJSON(out.Phonies)
	}
	return g.Print(out.Doc(g.P, g.UI.TTY()))
}
