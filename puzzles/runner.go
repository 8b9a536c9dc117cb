package puzzles

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// Runner serves puzzles one after another on a terminal or from a pipe: it shows each, reads
// tries, hints ("?") and giving up ("!") a line at a time, and saves each the moment it is
// typed. Ctrl-D, "q" or a cancelled context stop it; everything given is already saved.
type Runner struct {
	Service *Service
	In      io.Reader
	UI      *ui.Term
	P       *i18n.Printer
	Now     func() time.Time
	Filter  Filter
	// Count stops after this many puzzles (0: until none is left).
	Count int
	// Echo writes each line read after its prompt (input from a pipe, which no terminal echoes).
	Echo bool
	// Top is how many of the engine's plays the solution lists (0: 5).
	Top int
	// Draw draws the board.
	Draw BoardDrawer
}

// RunSummary is what a solving session did.
type RunSummary struct {
	Puzzles int    `json:"puzzles"`
	Solved  int    `json:"solved"`  // solved at the first try
	Later   int    `json:"later"`   // solved after a wrong try
	GaveUp  int    `json:"gave_up"` // given up
	Skipped int    `json:"skipped"` // left without a try (the session ended)
	Rating  Rating `json:"rating"`  // the player's rating at the end
	Stopped string `json:"stopped"` // "done", "no puzzles", "end of input", "quit", "interrupted"
}

// command words typed instead of a move.
func isHint(s string) bool {
	switch strings.ToLower(s) {
	case "?", "pista", "hint":
		return true
	}
	return false
}

func isGiveUp(s string) bool {
	switch strings.ToLower(s) {
	case "!", "me rindo", "rendirse", "rindo", "give up", "giveup", "solución", "solucion", "solution":
		return true
	}
	return false
}

func isQuit(s string) bool {
	switch strings.ToLower(s) {
	case "q", "quit", "salir", "exit":
		return true
	}
	return false
}

// Run serves puzzles until Count are done, none is left, the input ends or ctx is cancelled.
func (r *Runner) Run(ctx context.Context, session int64) (*RunSummary, error) {
	now := r.Now
	if now == nil {
		now = time.Now
	}
	top := r.Top
	if top <= 0 {
		top = 5
	}
	p, t := r.P, r.UI
	sum := &RunSummary{Stopped: "done"}
	lines := make(chan lexicon.InputLine)
	done := make(chan struct{})
	defer close(done)
	go lexicon.ReadLines(r.In, lines, done)
	say := func(d *ui.Doc) error { return t.Print(d) }
	lastPrompt := ""
	prompt := func(text string) error {
		lastPrompt = text
		_, err := fmt.Fprint(t.W, t.Paint(ui.Accent, text)+" ")
		return err
	}
	// read waits for a line; ok false when the session must end (sum.Stopped says why).
	read := func() (string, bool, error) {
	again:
		select {
		case <-ctx.Done():
			fmt.Fprintln(t.W)
			sum.Stopped = "interrupted"
			return "", false, nil
		case l, open := <-lines:
			if !open {
				fmt.Fprintln(t.W)
				sum.Stopped = "end of input"
				return "", false, nil
			}
			if l.Err != nil {
				return "", false, l.Err
			}
			if l.TooLong {
				fmt.Fprintln(t.W, p.T("fileio.answer_too_long", "Max", fileio.Size(lexicon.MaxAnswerLine)))
				if err := prompt(lastPrompt); err != nil {
					return "", false, err
				}
				goto again
			}
			if r.Echo {
				fmt.Fprintln(t.W, l.Text)
			}
			return strings.TrimSpace(l.Text), true, nil
		}
	}
	finish := func() (*RunSummary, error) {
		rt, _, err := r.Service.PlayerRating(context.WithoutCancel(ctx))
		sum.Rating = rt
		return sum, err
	}
	for r.Count == 0 || sum.Puzzles < r.Count {
		if ctx.Err() != nil {
			sum.Stopped = "interrupted"
			break
		}
		pz, err := r.Service.Next(ctx, r.Filter)
		if errors.Is(err, ErrNoPuzzle) {
			if sum.Puzzles == 0 {
				sum.Stopped = "no puzzles"
			}
			break
		}
		if err != nil {
			return sum, err
		}
		player, _, err := r.Service.PlayerRatingFor(ctx, pz.Kind)
		if err != nil {
			return sum, err
		}
		sum.Puzzles++
		if err := say(PuzzleDoc(t, p, pz, player, r.Draw)); err != nil {
			return sum, err
		}
		shown := now()
		tries, hints := 0, 0
		ended := false
		var mine *Play // the player's play, once right
		ask := p.T("puzzle.prompt_bingo")
		if pz.Kind != KindBingo {
			ask = p.T("puzzle.prompt_best")
		}
		for !ended {
			if err := prompt(ask); err != nil {
				return sum, err
			}
			in, ok, err := read()
			if err != nil {
				return sum, err
			}
			if !ok {
				if tries == 0 {
					sum.Puzzles--
					sum.Skipped++
				}
				return finish()
			}
			switch {
			case in == "":
				if err := say(ui.NewDoc().Note(p.T("puzzle.help"))); err != nil {
					return sum, err
				}
			case isQuit(in):
				if tries == 0 {
					sum.Puzzles--
					sum.Skipped++
				}
				sum.Stopped = "quit"
				return finish()
			case isHint(in):
				if tries == 0 {
					err = say(ui.NewDoc().Note(p.T("puzzle.hint_after_try")))
				} else if hints >= Hints {
					err = say(ui.NewDoc().Note(p.T("puzzle.no_more_hints")))
				} else {
					hints++
					var h string
					if h, err = r.Service.Hint(ctx, pz, p, hints, now().Sub(shown), session); err == nil {
						err = say(ui.NewDoc().P(t.Paint(ui.Warn, p.T("puzzle.hint_label", "N", hints)+" "+h)))
					}
				}
				if err != nil {
					return sum, err
				}
			case isGiveUp(in):
				out, err := r.Service.GiveUp(ctx, pz, now().Sub(shown), session)
				if err != nil {
					return sum, err
				}
				sum.GaveUp++
				d := ui.NewDoc().P(t.Paint(ui.Bad, p.T("puzzle.gave_up")))
				if out.Rated {
					d.Note(RatingChange(p, out))
				}
				if err := say(d); err != nil {
					return sum, err
				}
				ended = true
			default:
				out, err := r.Service.Answer(ctx, pz, in, now().Sub(shown), session)
				if err != nil {
					var ie *i18n.Error
					if errors.As(err, &ie) {
						// Not a move: say why and ask again (not a try).
						if err := say(ui.NewDoc().P(t.Paint(ui.Warn, p.Err(err)))); err != nil {
							return sum, err
						}
						continue
					}
					return sum, err
				}
				if err := say(TryDoc(t, p, pz, out)); err != nil {
					return sum, err
				}
				if !out.Saved {
					continue // a bare word that fits several places
				}
				tries++
				if out.Judgement.Correct {
					mine = out.Judgement.Play
					if tries == 1 {
						sum.Solved++
					} else {
						sum.Later++
					}
					ended = true
				} else if tries == 1 {
					if err := say(ui.NewDoc().Note(p.T("puzzle.try_again"))); err != nil {
						return sum, err
					}
				}
			}
		}
		if err := say(SolutionDoc(t, p, pz, top, r.Draw, mine)); err != nil {
			return sum, err
		}
	}
	return finish()
}

// SessionOptions are saved with a solving session.
func (f Filter) SessionOptions() map[string]any {
	o := map[string]any{}
	if f.Kind != "" {
		o["kind"] = f.Kind
	}
	if f.Tag != "" {
		o["tag"] = f.Tag
	}
	if f.Source != "" {
		o["source"] = f.Source
	}
	if f.Deck != nil {
		o["deck"] = f.Deck.Name
	}
	return o
}

// StartSession records a solving session in the store.
func (s *Service) StartSession(ctx context.Context, f Filter) (int64, error) {
	return s.Store.StartSession(ctx, studystore.Session{Drill: "puzzle", Lexicon: s.Lex.Name, Options: f.SessionOptions()})
}
