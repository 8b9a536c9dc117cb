package drills

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/internal/srs"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
)

// DeckKinds are the kinds of card a deck holds, and how each is asked in a review:
//
//	anagram  the card is an alphagram; answer every word of its tiles
//	hooks    the card is a word; answer its front and back hook tiles
//	judge    the card is a word (or a phony from a word file); answer valid or not
//	twos     the card is two tiles; answer whether they make a word
var DeckKinds = []Kind{KindAnagram, KindHooks, KindJudge, KindTwos}

// TargetTime is how long a fluent right answer takes for a kind of card: an FSRS deck grades a
// right answer slower than this Hard, one within half of it Easy (srs.Rate). A deck's settings
// may set its own.
func TargetTime(k Kind) time.Duration {
	switch k {
	case KindAnagram:
		return 15 * time.Second // several words to type
	case KindHooks:
		return 10 * time.Second
	case KindBuild:
		return 60 * time.Second
	default:
		return 5 * time.Second // yes or no
	}
}

// DefaultNewPerDay is how many new cards a deck introduces a day unless told.
const DefaultNewPerDay = 20

// CardKeys turns words into the cards of a deck of kind k, in order, without repeats: for
// anagram decks each word's alphagram (so anagrams of one another make one card), for the
// others the word itself; keys are in tile notation ([CH] for a digraph tile), which reads back
// exactly. Judge and twos cards record whether they are words of lex (their answer). A twos
// deck takes only two-tile words.
func CardKeys(lex *lexicon.Lexicon, k Kind, words [][]lexicon.Tile) ([]studystore.NewCard, error) {
	if !slices.Contains(DeckKinds, k) {
		return nil, fmt.Errorf("deck kind %q: want one of %v", k, DeckKinds)
	}
	ts := lex.Tiles
	seen := make(map[string]bool, len(words))
	var out []studystore.NewCard
	for _, w := range words {
		w = letters(w)
		if k == KindAnagram {
			w = lexicon.Alphagram(w)
		}
		if k == KindTwos && len(w) != 2 {
			return nil, fmt.Errorf("%s has %s: a twos deck holds two-tile words only", ts.Display(w), Counted(len(w), "tile"))
		}
		key := ts.Notation(w)
		if seen[key] {
			continue
		}
		seen[key] = true
		c := studystore.NewCard{Question: key}
		if k == KindJudge || k == KindTwos {
			valid := lex.Contains(w)
			c.Valid = &valid
		}
		out = append(out, c)
	}
	return out, nil
}

// CardQuestion is the question a stored card asks under lex, with CardID set.
func CardQuestion(lex *lexicon.Lexicon, c studystore.DeckCard) (Question, error) {
	ts := lex.Tiles
	tiles, err := ts.Parse(c.Question, lexicon.ParseOptions{AllowBlank: true})
	if err == nil && len(tiles) == 0 {
		err = fmt.Errorf("no tiles")
	}
	if err != nil {
		return Question{}, fmt.Errorf("card %d of deck %s (%s %q): %w", c.CardID, c.Deck, c.Kind, c.Question, err)
	}
	var q Question
	switch Kind(c.Kind) {
	case KindAnagram:
		q = anagramQuestion(lex, tiles)
	case KindTwos:
		if len(tiles) != 2 {
			return Question{}, fmt.Errorf("card %d of deck %s: twos card %q has %s, not 2", c.CardID, c.Deck, c.Question, Counted(len(tiles), "tile"))
		}
		q = twoQuestion(ts, tiles, lex.Contains(tiles))
	case KindJudge:
		q = Question{Kind: KindJudge, Form: FormYesNo, Card: ts.Notation(tiles), Show: ShowTiles(ts, tiles),
			Ask: "valid?", Valid: lex.Contains(tiles)}
	case KindHooks:
		q = hooksQuestion(lex, tiles)
	default:
		return Question{}, fmt.Errorf("card %d of deck %s: kind %q cannot be reviewed (want one of %v)", c.CardID, c.Deck, c.Kind, DeckKinds)
	}
	// The lexicon is the judge; a card that answered otherwise when it was added says so.
	if (q.Kind == KindJudge || q.Kind == KindTwos) && c.Valid != nil && *c.Valid != q.Valid {
		q.Note = strings.TrimSpace(q.Note + fmt.Sprintf(" (when this card was added, lexicon %s said %s)", c.Lexicon, yesNo(*c.Valid)))
	}
	q.CardID = c.CardID
	return q, nil
}

// hooksQuestion asks a word's hooks.
func hooksQuestion(lex *lexicon.Lexicon, w []lexicon.Tile) Question {
	ts := lex.Tiles
	h := lex.Hooks(w)
	// Display: plain upper case, but [C]H for a C tile beside an H tile, never read as CH.
	q := Question{Kind: KindHooks, Form: FormHooks, Card: ts.Notation(w), Show: ts.Display(w), Ask: "front / back hooks"}
	var hooked []string
	for _, t := range h.Front {
		q.Front = append(q.Front, ts.Label(t))
		hooked = append(hooked, ts.Display(append([]lexicon.Tile{t}, w...)))
	}
	for _, t := range h.Back {
		q.Back = append(q.Back, ts.Label(t))
		hooked = append(hooked, ts.Display(append(slices.Clone(w), t)))
	}
	if len(hooked) > 0 {
		q.Note = "hooked: " + listOrNone(hooked)
	}
	return q
}

// Scheduler is the scheduler a deck's settings describe. seed feeds the cardbox's spread.
func Scheduler(d studystore.Deck, seed uint64) (srs.Scheduler, error) {
	return SchedulerWeights(d, seed, nil)
}

// SchedulerWeights is Scheduler with the FSRS weights `atril fsrs fit` saved for the deck
// (studystore.FSRSWeights; nil: FSRS-6's defaults).
func SchedulerWeights(d studystore.Deck, seed uint64, weights []float64) (srs.Scheduler, error) {
	switch d.Scheduler {
	case "fsrs":
		target := time.Duration(d.Settings.TargetMS) * time.Millisecond
		if target == 0 {
			target = TargetTime(Kind(d.Kind))
		}
		return srs.NewFSRSWeights(weights, d.Settings.Retention, target)
	case "cardbox":
		return srs.NewCardbox(seed), nil
	}
	return nil, fmt.Errorf("deck %s: unknown scheduler %q (want fsrs or cardbox)", d.Name, d.Scheduler)
}

// DeckStatus is a deck with its cards by state and what falls due in the coming days, for
// `atril deck list`.
type DeckStatus struct {
	studystore.Deck
	studystore.DeckCounts
}

// SameLexicon reports whether two lexicon names name one lexicon: names are told apart
// without regard to case, as the lexicon registry does (fise2 is FISE2).
func SameLexicon(a, b string) bool { return strings.EqualFold(a, b) }

// DayStart is local midnight of the day t falls on: reviews are due by days.
func DayStart(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, t.Location())
}
