package cmd

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/lexicon/registry"
)

type lexiconAddOptions struct {
	Name        string
	File        string
	Strict      bool
	Description string
	Force       bool
}

// newLexiconAddCmd makes `atril lexicon add`.
func newLexiconAddCmd(g *Globals) *cobra.Command {
	opts := &lexiconAddOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("lexicon.add.use"),
		Short:   p.T("lexicon.add.short"),
		Long:    p.T("lexicon.add.long"),
		Example: p.T("lexicon.add.example"),
		Args:    cobra.ExactArgs(2),
		ValidArgsFunction: func(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
			if len(args) == 1 {
				return nil, cobra.ShellCompDirectiveDefault // files
			}
			return nil, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			opts.Name, opts.File = args[0], args[1]
			return runLexiconAdd(g, opts)
		},
	}
	f := c.Flags()
	f.BoolVar(&opts.Strict, "strict", false, p.T("lexicon.add.flag.strict"))
	f.StringVar(&opts.Description, "description", "", p.T("lexicon.add.flag.about"))
	f.BoolVar(&opts.Force, "force", false, p.T("lexicon.add.flag.force"))
	return c
}

func runLexiconAdd(g *Globals, opts *lexiconAddOptions) error {
	if err := registry.CheckName(opts.Name); err != nil {
		return withCode(ExitError, err)
	}
	ts, err := g.TileSet()
	if err != nil {
		return err
	}
	add := registry.AddOptions{Description: opts.Description, Strict: opts.Strict, Replace: opts.Force, Tiles: ts, Now: g.io.Now()}
	status := ui.NewProgress(g.io.Err, g.io.ErrTTY, g.io.Now, 0, nil)
	add.Compiling = func(n int) { status.Status(g.P.N("lexicon.add.compiling", n)) }
	info, problems, err := g.lexiconRegistry().AddFile(opts.Name, opts.File, g.io.In, add)
	status.Clear() // the status line goes before anything else is said
	if s := problems.Report(g.P, 10); s != "" {
		fmt.Fprint(g.io.Err, "atril: "+s)
	}
	if err != nil {
		if errors.Is(err, lexicon.ErrStrictStop) {
			err = i18n.Wrap(err, "lexicon.add.strict_stopped")
		}
		return withCode(ExitError, lexiconAdvice(err))
	}
	if g.JSON {
		return g.PrintJSON(info)
	}
	p := g.P
	msg := p.T("lexicon.add.added", "Name", info.Name, "Words", p.N("count.words", info.Words), "File", opts.File)
	if info.Skipped > 0 {
		msg = p.T("lexicon.add.added_skipped", "Name", info.Name, "Words", p.N("count.words", info.Words), "File", opts.File,
			"Skipped", p.N("lexicon.add.lines", info.Skipped))
	}
	return g.Print(ui.NewDoc().P(msg).P(p.T("lexicon.add.next", "Name", info.Name)))
}
