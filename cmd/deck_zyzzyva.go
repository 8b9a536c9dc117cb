package cmd

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// deckImportCmd is `atril deck import [NAME] --zyzzyva FILE.db`.
func deckImportCmd(g *Globals) *cobra.Command {
	var file string
	p := g.P
	c := &cobra.Command{
		Use:     p.T("zyzzyva.import.use"),
		Short:   p.T("zyzzyva.import.short"),
		Long:    p.T("zyzzyva.import.long"),
		Example: p.T("zyzzyva.import.example"),
		Args:    cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			name := drills.ZyzzyvaDeckName(file)
			if len(args) == 1 {
				name = args[0]
			}
			return runZyzzyva(g, c, file, openStudyStore, func(ctx context.Context, st *studystore.Store, lex *lexicon.Lexicon) (drills.ZyzzyvaImport, error) {
				return drills.ImportZyzzyva(ctx, st, lex, name, file, g.io.Now())
			})
		},
	}
	c.Flags().StringVar(&file, "zyzzyva", "", p.T("zyzzyva.import.flag"))
	return c
}

// deckExportCmd is `atril deck export NAME --zyzzyva FILE.db`.
func deckExportCmd(g *Globals) *cobra.Command {
	var file string
	p := g.P
	c := &cobra.Command{
		Use:               p.T("zyzzyva.export.use"),
		Short:             p.T("zyzzyva.export.short"),
		Long:              p.T("zyzzyva.export.long"),
		Example:           p.T("zyzzyva.export.example"),
		Args:              deckArgs(g, 1),
		ValidArgsFunction: completeDeckArg(g),
		RunE: func(c *cobra.Command, args []string) error {
			return runZyzzyva(g, c, file, openStudyStoreToRead, func(ctx context.Context, st *studystore.Store, lex *lexicon.Lexicon) (drills.ZyzzyvaExport, error) {
				return drills.ExportZyzzyva(ctx, st, lex, args[0], file, g.io.Now())
			})
		},
	}
	c.Flags().StringVar(&file, "zyzzyva", "", p.T("zyzzyva.export.flag"))
	return c
}

// runZyzzyva is import's and export's run: --zyzzyva is needed, the lexicon and the study
// database (opened by open) are read, then run's result printed.
func runZyzzyva[R interface{ Doc(*i18n.Printer) *ui.Doc }](g *Globals, c *cobra.Command, file string,
	open func(*Globals) (*studystore.Store, error), run func(context.Context, *studystore.Store, *lexicon.Lexicon) (R, error)) error {
	if file == "" {
		return withCode(ExitError, i18n.E("zyzzyva.err.no_file", "Command", c.CommandPath()))
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	st, err := open(g)
	if err != nil {
		return err
	}
	defer st.Close()
	res, err := run(c.Context(), st, lex)
	if err != nil {
		return withCode(ExitError, err)
	}
	if g.JSON {
		return g.PrintJSON(res)
	}
	return g.Print(res.Doc(g.P))
}
