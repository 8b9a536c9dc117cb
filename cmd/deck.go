package cmd

import (
	"errors"
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/internal/i18n"
)

// deckAddOptions are the deck's request, filled by the flags (its KindSet, SchedulerSet and
// SeedSet say whether --kind, --scheduler, --seed were given: an existing deck keeps its own
// otherwise).
type deckAddOptions struct {
	drills.DeckRequest
}

// newDeckCmd makes `atril deck`.
func newDeckCmd(g *Globals) *cobra.Command {
	p := g.P
	c := &cobra.Command{
		Use:   p.T("deck.use"),
		Short: p.T("deck.short"),
		Long:  p.T("deck.long"),
		Args:  cobra.NoArgs,
		RunE:  func(c *cobra.Command, args []string) error { return c.Help() },
	}
	c.AddCommand(deckAddCmd(g, nil), deckListCmd(g), deckMoveCmd(g), deckRmCmd(g), deckImportCmd(g), deckExportCmd(g))
	return c
}

// deckAddCmd makes `atril deck add`. runF, when not nil, stands in for the run (gh's seam).
func deckAddCmd(g *Globals, runF func(*deckAddOptions) error) *cobra.Command {
	opts := &deckAddOptions{}
	p := g.P
	c := &cobra.Command{
		Use:               p.T("deck.add.use"),
		Short:             p.T("deck.add.short"),
		Long:              p.T("deck.add.long", "MiB", drills.MaxDeckFile>>20),
		Example:           p.T("deck.add.example"),
		Args:              deckArgs(g, 1),
		ValidArgsFunction: completeDeckArg(g), // adding to an existing deck
		RunE: func(c *cobra.Command, args []string) error {
			opts.Name = args[0]
			opts.KindSet, opts.SchedulerSet, opts.SeedSet = c.Flags().Changed("kind"), c.Flags().Changed("scheduler"), c.Flags().Changed("seed")
			if runF != nil {
				return runF(opts) // flag tests: the options parsed, nothing run
			}
			return runDeckAdd(g, c, opts)
		},
	}
	f := c.Flags()
	f.StringVar(&opts.Source.Search, "search", "", p.T("deck.add.flag.search"))
	f.StringVar(&opts.Source.File, "file", "", p.T("deck.add.flag.file"))
	f.BoolVar(&opts.Source.Strict, "strict", false, p.T("deck.add.flag.strict"))
	f.Uint64Var(&opts.Source.Seed, "seed", 0, p.T("deck.add.flag.seed"))
	f.StringVar((*string)(&opts.Kind), "kind", "anagram", p.T("deck.add.flag.kind"))
	f.StringVar(&opts.Scheduler, "scheduler", "fsrs", p.T("deck.add.flag.scheduler"))
	f.IntVar(&opts.NewPerDay, "new-per-day", drills.DefaultNewPerDay, p.T("deck.add.flag.new_per_day"))
	f.Float64Var(&opts.Retention, "retention", 0.9, p.T("deck.add.flag.retention"))
	f.DurationVar(&opts.Target, "target", 0, p.T("deck.add.flag.target"))
	_ = c.RegisterFlagCompletionFunc("kind", cobra.FixedCompletions([]string{"anagram", "hooks", "judge", "twos"}, cobra.ShellCompDirectiveNoFileComp))
	_ = c.RegisterFlagCompletionFunc("scheduler", cobra.FixedCompletions([]string{"fsrs", "cardbox"}, cobra.ShellCompDirectiveNoFileComp))
	return c
}

// deckArgs is cobra.ExactArgs with a message saying what is expected.
func deckArgs(g *Globals, n int) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) != n {
			return withCode(ExitError, i18n.E("deck.err.args", "Command", c.CommandPath()))
		}
		return nil
	}
}

// completeDeckArg completes a deck command's one argument, a deck's name.
func completeDeckArg(g *Globals) cobra.CompletionFunc {
	return func(c *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return completeDeckNames(g, false)(c, args, prefix)
	}
}

// deckFlagError names the flag of a deck setting or source the error is about.
func deckFlagError(err error) error {
	var fe *drills.FieldError
	if errors.As(err, &fe) {
		return withCode(ExitError, i18n.E("drill.flag_value", "Flag", "--"+strings.ReplaceAll(fe.Field, "_", "-"), "Value", fe.Value, "Want", fe.Want))
	}
	var se *drills.SourceError
	if errors.As(err, &se) && se.Search {
		return flagError("--search", se.Err)
	}
	return withCode(ExitError, deckHint(err))
}

func runDeckAdd(g *Globals, c *cobra.Command, opts *deckAddOptions) error {
	req := opts.DeckRequest
	if (req.Source.Search == "") == (req.Source.File == "") {
		return withCode(ExitError, i18n.E("deck.err.one_source"))
	}
	if err := req.Check(); err != nil {
		return deckFlagError(err)
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	if err := req.ReadFile(); err != nil {
		return withCode(ExitError, err)
	}
	st, err := openStudyStore(g)
	if err != nil {
		return err
	}
	defer st.Close()
	added, err := drills.AddDeck(c.Context(), st, lex, req)
	if err != nil {
		return deckFlagError(err)
	}
	if msg := added.Fill.Skipped.Summary(10); msg != "" {
		g.io.Err.Write([]byte("atril: " + msg))
	}
	if g.JSON {
		return g.PrintJSON(added.JSON(req.Name, lex.Name))
	}
	return g.Say(drills.DeckAddedText(g.P, added))
}

func deckListCmd(g *Globals) *cobra.Command {
	p := g.P
	return &cobra.Command{
		Use:   p.T("deck.list.use"),
		Short: p.T("deck.list.short"),
		Long:  p.T("deck.list.long"),
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			st, err := openStudyStoreToRead(g)
			if err != nil {
				return err
			}
			defer st.Close()
			now := g.io.Now()
			out, err := drills.DeckStatuses(c.Context(), st, now)
			if err != nil {
				return withCode(ExitError, err)
			}
			if g.JSON {
				return g.PrintJSON(out)
			}
			return g.Print(drills.DeckListDoc(g.P, out, now))
		},
	}
}

func deckMoveCmd(g *Globals) *cobra.Command {
	p := g.P
	c := &cobra.Command{
		Use:               p.T("deck.move.use"),
		Short:             p.T("deck.move.short"),
		Long:              p.T("deck.move.long"),
		Example:           p.T("deck.move.example"),
		Args:              deckArgs(g, 1),
		ValidArgsFunction: completeDeckArg(g),
		RunE: func(c *cobra.Command, args []string) error {
			if !c.Flags().Changed("lexicon") {
				return withCode(ExitError, i18n.E("deck.err.move_lexicon", "Deck", args[0]))
			}
			lex, err := g.Lex()
			if err != nil {
				return err
			}
			st, err := openExistingStudyStore(g)
			if err != nil {
				return err
			}
			defer st.Close()
			moved, err := drills.MoveDeck(c.Context(), st, lex, args[0])
			if err != nil {
				return withCode(ExitError, err)
			}
			if g.JSON {
				return g.PrintJSON(moved)
			}
			return g.Print(moved.Doc(p))
		},
	}
	return c
}

func deckRmCmd(g *Globals) *cobra.Command {
	p := g.P
	return &cobra.Command{
		Use:               p.T("deck.rm.use"),
		Short:             p.T("deck.rm.short"),
		Args:              deckArgs(g, 1),
		ValidArgsFunction: completeDeckArg(g),
		RunE: func(c *cobra.Command, args []string) error {
			st, err := openExistingStudyStore(g)
			if err != nil {
				return err
			}
			defer st.Close()
			if err := drills.RemoveDeck(c.Context(), st, args[0]); err != nil {
				return withCode(ExitError, err)
			}
			return g.Say(p.T("deck.deleted", "Deck", args[0]))
		},
	}
}
