package cmd

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
)

// newDrillCmd makes `atril drill`.
func newDrillCmd(g *Globals) *cobra.Command { return newDrillCmdWith(g, nil) }

// drillRunner runs one drill as its command describes it.
type drillRunner func(c *cobra.Command, d drillRun) error

// newDrillCmdWith is newDrillCmd with runF, when not nil, standing in for every drill's run
// (gh's seam).
func newDrillCmdWith(g *Globals, runF func(*drillRun) error) *cobra.Command {
	run := drillRunner(func(c *cobra.Command, d drillRun) error {
		if runF != nil {
			return runF(&d)
		}
		return runDrill(g, c, d)
	})
	p := g.P
	c := &cobra.Command{
		Use:     p.T("drill.use"),
		Short:   p.T("drill.short"),
		Long:    p.T("drill.long", "Max", drills.MaxCount),
		Example: p.T("drill.example"),
		Args:    cobra.NoArgs,
		RunE:    func(c *cobra.Command, args []string) error { return c.Help() },
	}
	stopsCleanly(c)
	// The drills, one file each.
	c.AddCommand(
		newDrillAnagramCmd(g, run),
		newDrillBuildCmd(g, run),
		newDrillDigraphsCmd(g, run),
		newDrillFamilyCmd(g, run),
		newDrillHooksCmd(g, run),
		newDrillJudgeCmd(g, run),
		newDrillTwosCmd(g, run),
	)
	return c
}

// drillFlags are what every drill takes.
type drillFlags struct {
	Count     int
	Seed      uint64
	TimeLimit time.Duration
	List      bool
	Deck      string // drills whose kind a deck can hold: ask the deck's cards
	DeckOut   string // the deck the missed questions go into
}

// addDeckFlag gives a drill --deck, for the kinds of card a deck holds (drills.DeckKinds).
func addDeckFlag(g *Globals, c *cobra.Command, f *drillFlags) {
	c.Flags().StringVar(&f.Deck, "deck", "", g.P.T("drill.flag.deck"))
	_ = c.RegisterFlagCompletionFunc("deck", completeDeckNames(g, true))
}

// addDrillFlags gives a drill the flags every drill takes; count is --count's default, zero
// says what --count 0 asks.
func addDrillFlags(g *Globals, c *cobra.Command, f *drillFlags, count int, zero string) {
	p := g.P
	fl := c.Flags()
	fl.IntVarP(&f.Count, "count", "n", count, p.T("drill.flag.count", "Max", drills.MaxCount, "Zero", zero))
	fl.Uint64Var(&f.Seed, "seed", 0, p.T("drill.flag.seed"))
	fl.DurationVar(&f.TimeLimit, "time-limit", 0, p.T("drill.flag.time_limit"))
	fl.BoolVar(&f.List, "list", false, p.T("drill.flag.list"))
	fl.StringVar(&f.DeckOut, "deck-out", "", p.T("drill.flag.deck_out"))
	_ = c.RegisterFlagCompletionFunc("deck-out", completeDeckNames(g, false))
}

// drillRun is one drill as its command describes it.
type drillRun struct {
	kind  drills.Kind
	flags *drillFlags
	// make builds the questions from the seed.
	make func(lex *lexicon.Lexicon, seed uint64) ([]drills.Question, error)
	// options are saved with the session, to say how to replay it.
	options map[string]any
}

// runDrill builds the questions, then lists them or asks them, saving each answer; at the end
// the missed questions can go into a deck, and what is due next is said.
func runDrill(g *Globals, c *cobra.Command, d drillRun) error {
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	seed := d.flags.Seed
	if !c.Flags().Changed("seed") {
		seed = uint64(g.io.Now().UnixNano())
	}
	if d.flags.Count < 0 || d.flags.Count > drills.MaxCount {
		return withCode(ExitError, i18n.E("drill.err.count_flag", "Count", d.flags.Count, "Max", i18n.Int(drills.MaxCount)))
	}
	if d.flags.TimeLimit < 0 {
		return withCode(ExitError, i18n.E("drill.err.time_limit_flag", "Value", d.flags.TimeLimit.String()))
	}
	var st *studystore.Store
	open := func() error {
		if st != nil {
			return nil
		}
		var err error
		if d.flags.List { // listing a deck's questions records nothing
			st, err = openStudyStoreToRead(g)
		} else {
			st, err = openStudyStore(g)
		}
		return err
	}
	defer func() {
		if st != nil {
			st.Close()
		}
	}()
	ctx := c.Context()
	var qs []drills.Question
	if d.flags.Deck != "" {
		var ignored []string
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			switch f.Name {
			case "count", "seed", "time-limit", "list", "deck", "deck-out":
			default:
				if f.Changed {
					ignored = append(ignored, "--"+f.Name)
				}
			}
		})
		if len(ignored) > 0 {
			return withCode(ExitError, i18n.E("drill.err.not_with_deck", "Flags", strings.Join(ignored, ", ")))
		}
		if err := open(); err != nil {
			return err
		}
		qs, dk, err := drills.DeckQuestions(ctx, st, lex, d.flags.Deck, d.kind, d.flags.Count, seed)
		if err != nil {
			return withCode(ExitError, deckHint(err))
		}
		return askDrill(g, c, d, lex, st, qs, dk.ID, seed)
	}
	if qs, err = d.make(lex, seed); err != nil {
		return withCode(ExitError, err)
	}
	if !d.flags.List {
		if err := open(); err != nil {
			return err
		}
	}
	return askDrill(g, c, d, lex, st, qs, 0, seed)
}

// askDrill lists the questions (--list: st may be nil), or asks them, saving each answer, then
// offers a deck for the missed ones and says what is due next.
func askDrill(g *Globals, c *cobra.Command, d drillRun, lex *lexicon.Lexicon, st *studystore.Store, qs []drills.Question, deckID int64, seed uint64) error {
	if d.flags.List {
		l := drills.List(d.kind, lex.Name, seed, qs)
		if g.JSON {
			return g.PrintJSON(l)
		}
		return g.Print(l.Doc(g.P))
	}
	// Ctrl-C cancels the context (Main): the drill stops with its answers saved.
	p := g.P
	r := newRunner(g, lex, d.flags.TimeLimit, p.T("drill.title", "Drill", drills.NameAs(p, d.kind, drills.InTitle),
		"Lexicon", lex.Name, "Seed", fmt.Sprint(seed), "DB", st.Path()))
	defer r.Close()
	sess := drills.DrillSession{Store: st, Lex: lex, Kind: d.kind, DeckID: deckID, DeckOut: d.flags.DeckOut,
		Options: drills.SessionOptions(seed, d.flags.Count, d.flags.Deck, d.flags.TimeLimit, d.options)}
	sum, err := sess.Ask(c.Context(), r, qs)
	if err != nil {
		return withCode(ExitError, deckHint(err))
	}
	if g.JSON {
		return g.PrintJSON(sum)
	}
	return nil
}

// newRunner is the question loop of every command that asks (drills, review): with --json it
// talks on stderr, so that stdout carries only the summary; answers read from a pipe are
// echoed after their prompt (a terminal echoes by itself), so a transcript reads the same. Its
// Recorder is set by the session that asks (drills.DrillSession.Ask, drills.Review.Session).
func newRunner(g *Globals, lex *lexicon.Lexicon, timeLimit time.Duration, title string) *drills.Runner {
	out, term := g.io.Out, g.UI
	if g.JSON {
		out, term = g.io.Err, g.ErrUI
	}
	return &drills.Runner{
		In: g.io.In, Out: out, Lex: lex, Now: g.io.Now, After: g.io.After, TimeLimit: timeLimit,
		P: g.P, UI: term, Echo: !isTerminal(g.io.In), Title: title,
	}
}

// deckHint adds to a deck error what to do about it, with the flags and commands that do it.
func deckHint(err error) error {
	var e *i18n.Error
	if !errors.As(err, &e) {
		return err
	}
	switch e.ID {
	case "deck.err.other_lexicon":
		return i18n.Wrap(err, "deck.hint.other_lexicon", "Deck", e.Data["Deck"], "Have", e.Data["Have"], "Want", e.Data["Want"])
	case "deck.err.other_kind":
		return i18n.Wrap(err, "deck.hint.other_kind", "Deck", e.Data["Deck"], "Have", e.Data["Have"])
	}
	return err
}
