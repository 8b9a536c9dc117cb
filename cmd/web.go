package cmd

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine/endgame"
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/web"
	"github.com/atril-scrabble/atril/stats"
)

type webOptions struct {
	Addr        string
	AllowRemote bool
	Open        bool
}

// newWebCmd makes `atril web`. runF, when not nil, stands in for the run (gh's seam).
func newWebCmd(g *Globals, runF func(*webOptions) error) *cobra.Command {
	opts := &webOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("web.use"),
		Short:   p.T("web.short"),
		Long:    p.T("web.long"),
		Example: p.T("web.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts) // flag tests: the options parsed, nothing run
			}
			return runWeb(g, c, opts)
		},
	}
	f := c.Flags()
	f.StringVar(&opts.Addr, "addr", web.DefaultAddr, p.T("web.flag.addr"))
	f.BoolVar(&opts.AllowRemote, "allow-remote", false, p.T("web.flag.allow_remote"))
	f.BoolVar(&opts.Open, "open", false, p.T("web.flag.open"))
	return stopsCleanly(c)
}

// runWeb opens what the commands open (the lexicon, the leave table, the study database) and
// serves the web interface until Ctrl-C.
func runWeb(g *Globals, c *cobra.Command, opts *webOptions) error {
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	table, err := g.leaveTable(leavetable.Builtin, false)
	if err != nil {
		return err
	}
	st, err := openStudyStore(g)
	if err != nil {
		return err
	}
	defer st.Close()
	eg, err := endgame.NewAnalysisOracle(lex)
	if err != nil {
		return withCode(ExitInternal, err)
	}
	cfg := web.Config{Addr: opts.Addr, AllowRemote: opts.AllowRemote, Store: st, Lex: lex, Table: table,
		Known: leavetable.Known(lex.Tiles), Lexicons: stats.NewInstalledLexicons(g.TileSet, g.lexiconRegistry()), Endgame: eg, Now: g.io.Now, Err: g.io.Err}
	// --lang or ATRIL_LANG force the language; otherwise each browser's Accept-Language says.
	if g.Lang != "" || g.io.Getenv("ATRIL_LANG") != "" {
		cfg.Lang = i18n.Lang(c.Root().Annotations[printerKey])
	}
	srv, err := web.New(cfg)
	if err != nil {
		return withCode(ExitInternal, err)
	}
	remote, err := srv.Listen()
	if errors.Is(err, web.ErrRemote) {
		return withCode(ExitError, i18n.Wrap(err, "web.err.remote_hint"))
	}
	if err != nil {
		return withCode(ExitError, err)
	}
	p := g.P
	if remote {
		fmt.Fprintln(g.io.Err, "atril: "+p.T("web.remote_warning", "Addr", opts.Addr))
	}
	url := srv.URL()
	if err := g.Say(p.T("web.listening", "URL", url)); err != nil {
		return err
	}
	if opts.Open {
		if err := web.OpenBrowser(url); err != nil {
			fmt.Fprintln(g.io.Err, "atril: "+p.T("web.open_failed", "Err", err, "URL", url))
		}
	}
	// Ctrl-C cancels the context (Main): the server stops taking requests and lets those under
	// way finish.
	if err := srv.Serve(c.Context()); err != nil {
		return withCode(ExitError, err)
	}
	return g.Say(p.T("web.stopped"))
}
