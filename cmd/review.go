package cmd

import (
	"time"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
)

type reviewOptions struct {
	Deck      string
	Max       int
	List      bool
	Seed      uint64
	TimeLimit time.Duration
	Grade     string
}

// newReviewCmd makes `atril review`. runF, when not nil, stands in for the run (gh's seam).
func newReviewCmd(g *Globals, runF func(*reviewOptions) error) *cobra.Command {
	opts := &reviewOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("review.use"),
		Short:   p.T("review.short"),
		Long:    p.T("review.long"),
		Example: p.T("review.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts) // flag tests: the options parsed, nothing run
			}
			return runReview(g, c, opts)
		},
	}
	f := c.Flags()
	f.StringVar(&opts.Deck, "deck", "", p.T("review.flag.deck"))
	f.IntVar(&opts.Max, "max", 100, p.T("review.flag.max"))
	f.BoolVar(&opts.List, "list", false, p.T("review.flag.list"))
	f.Uint64Var(&opts.Seed, "seed", 0, p.T("review.flag.seed"))
	f.DurationVar(&opts.TimeLimit, "time-limit", 0, p.T("review.flag.time_limit"))
	f.StringVar(&opts.Grade, "grade", "auto", p.T("review.flag.grade"))
	_ = c.RegisterFlagCompletionFunc("deck", completeDeckNames(g, false))
	_ = c.RegisterFlagCompletionFunc("grade", cobra.FixedCompletions([]string{"auto", "ask"}, cobra.ShellCompDirectiveNoFileComp))
	c.AddCommand(reviewPostponeCmd(g))
	return stopsCleanly(c)
}

func runReview(g *Globals, c *cobra.Command, opts *reviewOptions) error {
	if opts.Max < 0 || opts.Max > drills.MaxCount {
		return withCode(ExitError, i18n.E("review.err.max_flag", "Max", opts.Max, "Limit", drills.MaxCount))
	}
	if opts.TimeLimit < 0 {
		return withCode(ExitError, i18n.E("drill.err.time_limit_flag", "Value", opts.TimeLimit.String()))
	}
	if opts.Grade != "auto" && opts.Grade != "ask" {
		return withCode(ExitError, i18n.E("review.err.grade_flag", "Grade", i18n.Quote(opts.Grade)))
	}
	p := g.P
	quiet := g.Out()
	if g.JSON && !opts.List {
		quiet = g.io.Err // stdout carries only the JSON summary
	}
	// Nothing studied yet (a --db that does not exist is a mistyped path, refused as such): say
	// how to start, kindly, and exit 0.
	if g.DB == "" && studystore.FirstDay(g.io.Getenv) && opts.Deck == "" {
		if _, err := quiet.Write([]byte(p.T("review.first_day") + "\n")); err != nil {
			return err
		}
		if g.JSON && !opts.List {
			return g.PrintJSON(drills.Summary{Stopped: "done"})
		}
		return nil
	}
	open := openExistingStudyStore
	if opts.List {
		open = openStudyStoreToRead
	}
	st, err := open(g)
	if err != nil {
		return err
	}
	defer st.Close()
	ctx := c.Context()
	var deckID int64
	if opts.Deck != "" {
		deck, err := drills.OpenDeck(ctx, st, opts.Deck)
		if err != nil {
			return withCode(ExitError, err)
		}
		if g.Lexicon == "" {
			g.Lexicon = deck.Lexicon // a deck is reviewed under its own lexicon
		}
		lex, err := g.Lex()
		if err != nil {
			return err
		}
		if err := drills.CheckLexicon(deck, lex); err != nil {
			return withCode(ExitError, i18n.Wrap(err, "review.hint.deck_lexicon"))
		}
		deckID = deck.ID
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	now := g.io.Now()
	seed := opts.Seed
	if !c.Flags().Changed("seed") {
		seed = uint64(now.UnixNano())
	}
	rv := &drills.Review{Store: st, Lex: lex, Seed: seed, AskGrade: opts.Grade == "ask"}
	qs, other, elsewhere, err := rv.Due(ctx, now, deckID, opts.Max)
	if err != nil {
		return withCode(ExitError, err)
	}
	if opts.List {
		return printDueList(g, now, lex.Name, rv, qs, other, elsewhere)
	}
	if len(qs) == 0 {
		if _, err := quiet.Write([]byte(rv.NothingDueText(ctx, p, elsewhere) + "\n")); err != nil {
			return err
		}
		if g.JSON {
			return g.PrintJSON(drills.Summary{Stopped: "done"})
		}
		return nil
	}
	r := newRunner(g, lex, opts.TimeLimit, p.T("review.title", "Lexicon", lex.Name, "DB", st.Path()))
	defer r.Close()
	sum, err := rv.Session(ctx, r, qs, deckID, elsewhere, map[string]any{"deck": opts.Deck, "max": opts.Max, "seed": seed, "grade": opts.Grade})
	if err != nil {
		return withCode(ExitError, err)
	}
	if g.JSON {
		return g.PrintJSON(sum)
	}
	return nil
}

func printDueList(g *Globals, now time.Time, lexName string, rv *drills.Review, qs []drills.Question, other int, elsewhere []drills.DeckDue) error {
	cards := rv.Cards()
	if g.JSON {
		return g.PrintJSON(drills.DueListJSON(now, lexName, cards, other))
	}
	return g.Print(drills.DueListDoc(g.P, now, lexName, cards, qs, elsewhere))
}

func reviewPostponeCmd(g *Globals) *cobra.Command {
	var days int
	var deck string
	p := g.P
	c := &cobra.Command{
		Use:     p.T("review.postpone.use"),
		Short:   p.T("review.postpone.short"),
		Long:    p.T("review.postpone.long"),
		Example: p.T("review.postpone.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if days < 1 || days > drills.MaxPostponeDays {
				return withCode(ExitError, i18n.E("review.err.days_flag", "Days", days, "Max", drills.MaxPostponeDays))
			}
			st, err := openExistingStudyStore(g)
			if err != nil {
				return err
			}
			defer st.Close()
			now := g.io.Now()
			moved, err := drills.PostponeDeck(c.Context(), st, now, deck, days)
			if err != nil {
				return withCode(ExitError, err)
			}
			if g.JSON {
				return g.PrintJSON(moved)
			}
			return g.Say(drills.PostponeText(p, moved, days, now.Location()))
		},
	}
	c.Flags().IntVar(&days, "days", 0, p.T("review.postpone.flag.days", "Max", drills.MaxPostponeDays))
	c.Flags().StringVar(&deck, "deck", "", p.T("review.postpone.flag.deck"))
	_ = c.RegisterFlagCompletionFunc("deck", completeDeckNames(g, false))
	return c
}
