package cmd

import (
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
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
			if file == "" {
				return withCode(ExitError, i18n.E("zyzzyva.err.no_file", "Command", c.CommandPath()))
			}
			name := "zyzzyva-" + strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
			if len(args) == 1 {
				name = args[0]
			}
			lex, err := g.Lex()
			if err != nil {
				return err
			}
			st, err := openStudyStore(g)
			if err != nil {
				return err
			}
			defer st.Close()
			res, err := drills.ImportZyzzyva(c.Context(), st, lex, name, file, g.io.Now())
			if err != nil {
				return withCode(ExitError, err)
			}
			if g.JSON {
				return g.PrintJSON(res)
			}
			d := ui.NewDoc().P(p.T("zyzzyva.imported", "Deck", res.Deck, "Lexicon", res.Lexicon, "File", res.File,
				"Cards", p.N("deck.count.cards", res.Imported)))
			if n := len(res.NotHeld); n > 0 {
				shown := res.NotHeld[:min(n, 20)]
				more := ""
				if n > 20 {
					more = " " + p.T("deck.and_more", "More", p.Int(n-20))
				}
				d.P(p.T("zyzzyva.not_held", "Count", p.Int(n), "Lexicon", res.Lexicon, "Questions", strings.Join(shown, " ")+more))
			}
			if res.OutsideCardbox > 0 {
				d.P(p.T("zyzzyva.outside", "Count", p.Int(res.OutsideCardbox)))
			}
			if n := len(res.Duplicates); n > 0 {
				d.P(p.T("zyzzyva.duplicates", "Count", p.Int(n), "Questions", strings.Join(res.Duplicates[:min(n, 20)], " ")))
			}
			return g.Print(d)
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
		Use:     p.T("zyzzyva.export.use"),
		Short:   p.T("zyzzyva.export.short"),
		Long:    p.T("zyzzyva.export.long"),
		Example: p.T("zyzzyva.export.example"),
		Args:    deckArgs(g, 1),
		ValidArgsFunction: func(c *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return completeDeckNames(g, false)(c, args, prefix)
		},
		RunE: func(c *cobra.Command, args []string) error {
			if file == "" {
				return withCode(ExitError, i18n.E("zyzzyva.err.no_file", "Command", c.CommandPath()))
			}
			lex, err := g.Lex()
			if err != nil {
				return err
			}
			st, err := openStudyStoreToRead(g)
			if err != nil {
				return err
			}
			defer st.Close()
			res, err := drills.ExportZyzzyva(c.Context(), st, lex, args[0], file, g.io.Now())
			if err != nil {
				return withCode(ExitError, err)
			}
			if g.JSON {
				return g.PrintJSON(res)
			}
			return g.Print(ui.NewDoc().P(p.T("zyzzyva.exported", "Deck", res.Deck, "File", res.File, "Count", p.Int(res.Questions))))
		},
	}
	c.Flags().StringVar(&file, "zyzzyva", "", p.T("zyzzyva.export.flag"))
	return c
}
