package cmd

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/drills"
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

func init() {
	register(func(g *Globals) *cobra.Command {
		opts := &reviewOptions{}
		c := &cobra.Command{
			Use:   "review",
			Short: "Review the cards due today across decks (spaced repetition)",
			Long: `Asks the cards due now, one a line, like the drills: first the reviews due today, most
overdue first, then each deck's new cards up to its daily limit. Every answer is saved
with the card's new schedule the moment it is given; Ctrl-D or Ctrl-C stops with
everything kept, and a summary is printed.

Answering (as in ` + "`atril drill`" + `):
  anagram  every word of the rack on one line, separated by spaces; an empty line: none
  judge    y (valid) or n (not valid)
  twos     y or n
  hooks    front hook tiles, a slash, back hook tiles: "a ch / s" ("- / s": none in front)

A session asks at most --max cards; the rest wait for the next one. Cards that go into
FSRS learning steps (1 and 10 minutes: a wrong answer, a new card) come back at the end
of the session, after the other cards, the earliest due first: when due by the clock,
or early with the wait shown if nothing else is left (up to 20 minutes ahead, as Anki
does); --max counts each card once, these repeats aside. One session reviews the decks
of one lexicon (--lexicon, else the default); the others are counted.

Grades (FSRS decks; cardbox decks go by right or wrong): --grade auto derives them from
the answer and its time: wrong is again; right is hard when slower than the kind's
target time, easy within half of it, else good. --grade ask shows the derived grade
after the feedback and takes 1-4 (again, hard, good, easy) or Enter to keep it. The
answer is saved with the derived grade at once; another grade replaces that grade and
the card's schedule together a moment later (killed in between, the card keeps the
derived one).

--list prints the due cards without asking (--json: {"now","lexicon","reviews","new",
"other_lexicons","cards":[{"deck","card_id","kind","question","valid","state":{...}}]};
"valid" only for judge and twos cards).
With --json and no --list the questions go to stderr and the summary to stdout.`,
			Example: `  atril review
  atril review --deck sietes --max 50
  atril review --grade ask
  atril review --list --json
  atril review postpone --days 7`,
			Args: cobra.NoArgs,
			RunE: func(c *cobra.Command, args []string) error { return runReview(g, c, opts) },
		}
		f := c.Flags()
		f.StringVar(&opts.Deck, "deck", "", "review only this deck")
		f.IntVar(&opts.Max, "max", 100, "cards in this session at most (0: all due)")
		f.BoolVar(&opts.List, "list", false, "print the due cards instead of asking")
		f.Uint64Var(&opts.Seed, "seed", 0, "cardbox spread seed (default: from the clock)")
		f.DurationVar(&opts.TimeLimit, "time-limit", 0, "time per card, e.g. 20s (0: none); a late answer counts wrong")
		f.StringVar(&opts.Grade, "grade", "auto", "FSRS grades: auto (from right/wrong and time) or ask (after each answer)")
		_ = c.RegisterFlagCompletionFunc("deck", completeDeckNames(g, false))
		_ = c.RegisterFlagCompletionFunc("grade", cobra.FixedCompletions([]string{"auto", "ask"}, cobra.ShellCompDirectiveNoFileComp))
		c.AddCommand(reviewPostponeCmd(g))
		return stopsCleanly(c)
	})
}

func runReview(g *Globals, c *cobra.Command, opts *reviewOptions) error {
	if opts.Max < 0 || opts.Max > drills.MaxCount {
		return withCode(ExitError, fmt.Errorf("--max %d: want 0 (all due) to %d", opts.Max, drills.MaxCount))
	}
	if opts.TimeLimit < 0 {
		return withCode(ExitError, fmt.Errorf("--time-limit %s: want a positive duration such as 20s", opts.TimeLimit))
	}
	if opts.Grade != "auto" && opts.Grade != "ask" {
		return withCode(ExitError, fmt.Errorf("--grade %q: want auto or ask", opts.Grade))
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
	var deck studystore.Deck
	if opts.Deck != "" {
		if deck, err = st.DeckByName(ctx, opts.Deck); err != nil {
			return withCode(ExitError, err)
		}
		if g.Lexicon == "" {
			g.Lexicon = deck.Lexicon // a deck is reviewed under its own lexicon
		}
	}
	deckID := deck.ID
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	if deckID != 0 && !drills.SameLexicon(lex.Name, deck.Lexicon) {
		return withCode(ExitError, fmt.Errorf("deck %s holds cards of lexicon %s, not %s (drop --lexicon)", deck.Name, deck.Lexicon, lex.Name))
	}
	now := g.io.Now()
	seed := opts.Seed
	if !c.Flags().Changed("seed") {
		seed = uint64(now.UnixNano())
	}
	rv := &drills.Review{Store: st, Lex: lex, Seed: seed, AskGrade: opts.Grade == "ask"}
	qs, other, err := rv.Questions(ctx, now, deckID, opts.Max)
	if err != nil {
		return withCode(ExitError, err)
	}
	if opts.List {
		return printDueList(g, st, now, lex.Name, deckID, rv.Cards(), other)
	}
	otherNote := ""
	if other > 0 {
		verb := "are"
		if other == 1 {
			verb = "is"
		}
		otherNote = fmt.Sprintf("%s %s due in decks of other lexicons (review them with --lexicon NAME or --deck NAME).\n",
			drills.Counted(other, "more card"), verb)
	}
	if len(qs) == 0 {
		msgOut := g.Out()
		if g.JSON {
			msgOut = g.io.Err // stdout carries only the JSON summary
		}
		fmt.Fprintf(msgOut, "Nothing due under lexicon %s. %s", lex.Name, otherNote)
		if otherNote == "" {
			fmt.Fprintln(msgOut)
		}
		if g.JSON {
			return g.PrintJSON(drills.Summary{Stopped: "done"})
		}
		return nil
	}
	if err := rv.Start(ctx, deckID, map[string]any{"deck": opts.Deck, "max": opts.Max, "seed": seed, "grade": opts.Grade}); err != nil {
		return withCode(ExitError, err)
	}
	r := newRunner(g, lex, opts.TimeLimit, rv, fmt.Sprintf("review · lexicon %s · answers saved to %s", lex.Name, st.Path()))
	out := r.Out
	if otherNote != "" {
		fmt.Fprint(out, otherNote)
	}
	sum, runErr := r.Run(ctx, qs) // Ctrl-C cancels ctx (Main): the review stops, answers kept
	// What follows must happen after Ctrl-C too.
	ctx = context.WithoutCancel(ctx)
	endErr := rv.End(ctx)
	if runErr != nil {
		return withCode(ExitError, runErr)
	}
	if endErr != nil {
		return withCode(ExitError, endErr)
	}
	if left, err := drills.StillDue(ctx, st, g.io.Now(), deckID, lex.Name); err == nil {
		if left.Reviews+left.New > 0 {
			fmt.Fprintf(out, "Still due: %s, %s.\n", drills.Counted(left.Reviews, "review"), drills.Counted(left.New, "new card"))
		}
		switch soon := int(drills.LearningSoon.Minutes()); {
		case left.Learning == 1:
			fmt.Fprintf(out, "1 card in learning comes back within %d minutes: run atril review again then.\n", soon)
		case left.Learning > 1:
			fmt.Fprintf(out, "%d cards in learning come back within %d minutes: run atril review again then.\n", left.Learning, soon)
		}
	}
	if g.JSON {
		return g.PrintJSON(sum)
	}
	return nil
}

type dueCard struct {
	Deck     string  `json:"deck"`
	CardID   int64   `json:"card_id"`
	Kind     string  `json:"kind"`
	Question string  `json:"question"`
	Valid    *bool   `json:"valid,omitempty"` // judge and twos cards: the answer when added
	State    any     `json:"state"`
	Overdue  float64 `json:"overdue_days"`
}

func printDueList(g *Globals, st *studystore.Store, now time.Time, lexName string, deckID int64, cards []studystore.DeckCard, other int) error {
	list := struct {
		Now     time.Time `json:"now"`
		Lexicon string    `json:"lexicon"`
		Reviews int       `json:"reviews"`
		New     int       `json:"new"`
		Other   int       `json:"other_lexicons"`
		Cards   []dueCard `json:"cards"`
	}{Now: now, Lexicon: lexName, Other: other, Cards: []dueCard{}}
	for _, c := range cards {
		dc := dueCard{Deck: c.Deck, CardID: c.CardID, Kind: c.Kind, Question: c.Question, Valid: c.Valid, State: c.State}
		if c.State.Phase == 0 {
			list.New++
		} else {
			list.Reviews++
			dc.Overdue = float64(now.Sub(c.State.Due).Round(time.Hour)) / float64(24*time.Hour)
		}
		list.Cards = append(list.Cards, dc)
	}
	if g.JSON {
		return g.PrintJSON(list)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s and %s due under lexicon %s", drills.Counted(list.Reviews, "review"), drills.Counted(list.New, "new card"), lexName)
	if other > 0 {
		fmt.Fprintf(&b, " (%d more under other lexicons)", other)
	}
	b.WriteString(".\n\n")
	if len(cards) > 0 {
		b.WriteString("| deck | kind | card | state | due |\n|---|---|---|---|---|\n")
		for _, c := range cards {
			due := "new"
			if !c.State.Due.IsZero() {
				due = c.State.Due.In(now.Location()).Format("2006-01-02 15:04")
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", deckCell(c.Deck), c.Kind, deckCell(c.Question), c.State.Phase, due)
		}
	}
	return g.PrintMarkdown(b.String())
}

func reviewPostponeCmd(g *Globals) *cobra.Command {
	var days int
	var deck string
	c := &cobra.Command{
		Use:   "postpone --days N",
		Short: "Spread the overdue cards evenly over the next N days, most urgent first",
		Long: `A backlog tool: the cards overdue now (not the ones due later today) are spread evenly
over N days starting today, keeping the order of urgency: FSRS cards with the lowest
chance of recall now (retrievability) first, cardbox cards by how far past their
interval they are. Each moved card becomes due at the start of its day.

--json prints [{"deck","card_id","kind","question","state","urgency","old_due"}].`,
		Example: `  atril review postpone --days 7
  atril review postpone --days 3 --deck sietes`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if days < 1 || days > drills.MaxPostponeDays {
				return withCode(ExitError, fmt.Errorf("--days %d: want 1 to %d (ten years)", days, drills.MaxPostponeDays))
			}
			st, err := openExistingStudyStore(g)
			if err != nil {
				return err
			}
			defer st.Close()
			var deckID int64
			if deck != "" {
				d, err := st.DeckByName(c.Context(), deck)
				if err != nil {
					return withCode(ExitError, err)
				}
				deckID = d.ID
			}
			now := g.io.Now()
			moved, err := drills.Postpone(c.Context(), st, now, deckID, days)
			if err != nil {
				return withCode(ExitError, err)
			}
			if g.JSON {
				return g.PrintJSON(moved)
			}
			if len(moved) == 0 {
				fmt.Fprintf(g.Out(), "Nothing overdue: no cards moved.\n")
				return nil
			}
			// Only the days that got cards: --days may be thousands.
			perDay := drills.PerDay(moved)
			fmt.Fprintf(g.Out(), "%s spread over %s:", drills.Counted(len(moved), "overdue card"), drills.Counted(days, "day"))
			for i, d := range perDay {
				if len(perDay) > 10 && i == 7 {
					fmt.Fprintf(g.Out(), " … (%d more days),", len(perDay)-8)
				}
				if len(perDay) > 10 && i >= 7 && i < len(perDay)-1 {
					continue
				}
				fmt.Fprintf(g.Out(), " %s %d", d.Day.In(now.Location()).Format("Mon 2"), d.Cards)
				if i < len(perDay)-1 {
					fmt.Fprint(g.Out(), ",")
				}
			}
			fmt.Fprintln(g.Out())
			return nil
		},
	}
	c.Flags().IntVar(&days, "days", 0, "days to spread the backlog over (1 to 3650)")
	c.Flags().StringVar(&deck, "deck", "", "postpone only this deck's cards")
	_ = c.RegisterFlagCompletionFunc("deck", completeDeckNames(g, false))
	return c
}
