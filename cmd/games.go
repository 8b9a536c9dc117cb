package cmd

import (
	"context"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/drills/play"
	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// newGamesCmd makes `atril games`.
func newGamesCmd(g *Globals) *cobra.Command {
	p := g.P
	c := &cobra.Command{
		Use:     p.T("games.use"),
		Short:   p.T("games.short"),
		Long:    p.T("games.long"),
		Example: p.T("games.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return runGames(c.Context(), g)
		},
	}
	c.AddCommand(gamesExportCmd(g))
	return c
}

func runGames(ctx context.Context, g *Globals) error {
	if ctx == nil {
		ctx = context.Background()
	}
	p := g.P
	st, err := openStatsStore(g)
	if err != nil {
		return err
	}
	if st != nil {
		defer st.Close()
	}
	out, err := play.StoredGames(ctx, st, g.io.Now().Location())
	if err != nil {
		return withCode(ExitError, err)
	}
	if g.JSON {
		return g.PrintJSON(out)
	}
	return g.Print(play.GamesDoc(p, out))
}

type gamesExportOptions struct {
	Out string
}

func gamesExportCmd(g *Globals) *cobra.Command {
	opts := &gamesExportOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("games.export.use"),
		Short:   p.T("games.export.short"),
		Long:    p.T("games.export.long"),
		Example: p.T("games.export.example"),
		Args:    cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			return runGamesExport(c.Context(), g, opts, args[0])
		},
	}
	c.Flags().StringVar(&opts.Out, "out", "", p.T("games.export.flag.out"))
	return c
}

func runGamesExport(ctx context.Context, g *Globals, opts *gamesExportOptions, arg string) error {
	if ctx == nil {
		ctx = context.Background()
	}
	id, err := strconv.ParseInt(strings.TrimPrefix(arg, "#"), 10, 64)
	if err != nil || id <= 0 {
		return withCode(ExitError, i18n.E("games.bad_id", "Value", arg))
	}
	if err := checkOutput(opts.Out); err != nil { // a device or a FIFO, refused before any work
		return err
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
	text, err := play.RecordText(ctx, st, lex, id)
	if err != nil {
		return withCode(ExitError, err)
	}
	if opts.Out == "" {
		_, err := g.io.Out.Write([]byte(text))
		return err
	}
	if err := fileio.WriteFile(opts.Out, func(w io.Writer) error { _, err := io.WriteString(w, text); return err }); err != nil {
		return withCode(ExitError, err)
	}
	return g.Print(ui.NewDoc().Note(g.P.T("games.written", "ID", id, "File", opts.Out)))
}
