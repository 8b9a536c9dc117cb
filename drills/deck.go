package drills

import (
	"slices"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
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

// errDeckKind is a card kind a deck cannot hold.
func errDeckKind(k string) error {
	return i18n.E("deck.err.kind", "Kind", i18n.Quote(k))
}

// MissKind is the kind of deck that a drill's missed questions go into (--deck-out, the offer
// at the end of a drill): the drill's own kind where a deck holds it; a build drill's missed
// words make anagram cards, a digraph drill's and a family drill's judge cards (words, traps
// and phonies alike).
func MissKind(k Kind) (Kind, bool) {
	switch k {
	case KindAnagram, KindHooks, KindJudge, KindTwos:
		return k, true
	case KindBuild:
		return KindAnagram, true
	case KindDigraphs, KindFamily:
		return KindJudge, true
	}
	return "", false
}

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
		return nil, errDeckKind(string(k))
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
			return nil, i18n.E("deck.err.twos_only", "Word", ts.Display(w), "Tiles", len(w))
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
		err = i18n.E("deck.err.no_tiles")
	}
	if err != nil {
		return Question{}, i18n.Wrap(err, "deck.err.card", "Card", c.CardID, "Deck", c.Deck, "Kind", c.Kind, "Question", i18n.Quote(c.Question))
	}
	var q Question
	switch Kind(c.Kind) {
	case KindAnagram:
		q = anagramQuestion(lex, tiles)
	case KindTwos:
		if len(tiles) != 2 {
			return Question{}, i18n.E("deck.err.twos_card", "Card", c.CardID, "Deck", c.Deck, "Question", i18n.Quote(c.Question), "Tiles", len(tiles))
		}
		q = twoQuestion(ts, tiles, lex.Contains(tiles))
	case KindJudge:
		q = judgeQuestion(ts, tiles, lex.Contains(tiles))
	case KindHooks:
		q = hooksQuestion(lex, tiles)
	default:
		return Question{}, i18n.E("deck.err.kind_not_reviewed", "Card", c.CardID, "Deck", c.Deck, "Kind", i18n.Quote(c.Kind))
	}
	// The lexicon is the judge; a card that answered otherwise when it was added says so.
	if (q.Kind == KindJudge || q.Kind == KindTwos) && c.Valid != nil && *c.Valid != q.Valid {
		said := T("drill.note.said_no", "Lexicon", c.Lexicon)
		if *c.Valid {
			said = T("drill.note.said_yes", "Lexicon", c.Lexicon)
		}
		q.Note = joinNotes(q.Note, said)
	}
	q.CardID = c.CardID
	return q, nil
}

// judgeQuestion asks whether a word is valid.
func judgeQuestion(ts *lexicon.TileSet, w []lexicon.Tile, valid bool) Question {
	return Question{Kind: KindJudge, Form: FormYesNo, Card: ts.Notation(w), Show: ShowTiles(ts, w),
		Ask: T("drill.ask.judge"), Valid: valid, tiles: w}
}

// hooksQuestion asks a word's hooks.
func hooksQuestion(lex *lexicon.Lexicon, w []lexicon.Tile) Question {
	ts := lex.Tiles
	h := lex.Hooks(w)
	// Display: plain upper case, but [C]H for a C tile beside an H tile, never read as CH.
	q := Question{Kind: KindHooks, Form: FormHooks, Card: ts.Notation(w), Show: ts.Display(w), Ask: T("drill.ask.hooks"), tiles: w}
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
		q.Note = T("drill.note.hooked", "Words", strings.Join(hooked, ", "))
	}
	return q
}

// joinNotes puts two notes one after the other.
func joinNotes(a, b Text) Text {
	if a.IsZero() {
		return b
	}
	return T("drill.note.join", "Note", a, "More", b)
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
	return nil, i18n.E("deck.err.scheduler_of", "Deck", d.Name, "Scheduler", i18n.Quote(d.Scheduler))
}

// DayStart is local midnight of the day t falls on: reviews are due by days.
func DayStart(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, t.Location())
}
