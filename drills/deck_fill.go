package drills

import (
	"fmt"
	"io"
	"strings"

	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
)

// DeckSource is what `atril deck add` fills a deck from: the words of a search, or a word file.
type DeckSource struct {
	Search string // a query in `atril search` syntax
	// File and its contents (opened by the caller): one word a line, any spelling atril reads.
	File string
	In   io.Reader
	// Strict refuses the whole file for one line that is not a word; otherwise such lines are
	// skipped and listed in DeckFill.Skipped (as `atril lexicon add` does).
	Strict bool
	// Seed draws a judge deck's phonies and the order of judge and twos cards.
	Seed uint64
}

// DeckFill is the cards a source gives a deck of one kind.
type DeckFill struct {
	Cards []studystore.NewCard
	// Words is how many words the source gave; Added how many cards that are not words were put
	// beside them (a searched judge deck's phonies, a searched twos deck's non-words).
	Words, Added int
	Source       string               // what the deck records as its source
	Skipped      lexicon.ListProblems // file lines that are not words (not Strict)
}

// FillDeck reads a deck's cards from src for a deck of kind k under lex.
//
// A search gives only words, and a deck that asks valid or not needs both answers, so:
//   - a twos deck also gets every two-tile combination that looks like the searched words and is
//     not a word: a tile in place shared with one of them and a vowel, the look-alikes the twos
//     drill asks (the FISE-style twos study judges every plausible combination, not all
//     784 pairs of the alphabet, most of which no player would hesitate over);
//   - a judge deck gets as many phonies as words (as the judge drill asks), one tile from a word
//     of the search (Phonies, drawn from src.Seed).
//
// Their cards are shuffled with src.Seed, so that the new cards of each day mix the two answers.
// A word file is taken as it is: judge and twos decks may hold phonies on purpose; anagram and
// hooks decks ask about words, so a file word the lexicon lacks is refused.
func FillDeck(lex *lexicon.Lexicon, k Kind, src DeckSource) (DeckFill, error) {
	var f DeckFill
	var words [][]lexicon.Tile
	switch {
	case src.Search != "":
		q, err := lexicon.ParseSearch(src.Search, lex.Tiles)
		if err != nil {
			return f, fmt.Errorf("--search: %w", err)
		}
		rs, err := lex.Search(q)
		if err != nil {
			return f, fmt.Errorf("--search: %w", err)
		}
		if len(rs) == 0 {
			return f, fmt.Errorf("--search %q: no words in lexicon %s", src.Search, lex.Name)
		}
		for _, r := range rs {
			words = append(words, r.Word)
		}
		f.Source = "--search " + src.Search
	case src.In != nil:
		wl, err := lexicon.ReadWordList(src.In, src.File, lex.Tiles, src.Strict)
		if err != nil {
			if src.Strict {
				return f, fmt.Errorf("%w (--strict: no deck changed)", err)
			}
			return f, err
		}
		if len(wl.Words) == 0 {
			return f, fmt.Errorf("%s: no words (one word a line expected)", src.File)
		}
		words, f.Skipped, f.Source = wl.Words, wl.Problems, "--file "+src.File
		if err := realWords(lex, k, src.File, words); err != nil {
			return f, err
		}
	default:
		return f, fmt.Errorf("no --search or --file to fill the deck from")
	}
	f.Words = len(words)
	if src.Search != "" {
		extra, err := nonWords(lex, k, words, src.Seed)
		if err != nil {
			return f, err
		}
		f.Added = len(extra)
		words = append(words, extra...)
	}
	cards, err := CardKeys(lex, k, words)
	if err != nil {
		return f, err
	}
	if f.Added > 0 {
		rng := newRand(src.Seed)
		rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	}
	f.Cards = cards
	return f, nil
}

// realWords refuses, for decks that ask about words (anagram, hooks), file words the lexicon
// lacks: a phony there is a mistake (a judge deck is the place for it).
func realWords(lex *lexicon.Lexicon, k Kind, file string, words [][]lexicon.Tile) error {
	if k != KindAnagram && k != KindHooks {
		return nil
	}
	var bad []string
	for _, w := range words {
		if !lex.Contains(w) {
			bad = append(bad, lex.Tiles.Display(w))
		}
	}
	if len(bad) == 0 {
		return nil
	}
	more := ""
	if len(bad) > 5 {
		more = fmt.Sprintf(" and %d more", len(bad)-5)
		bad = bad[:5]
	}
	return fmt.Errorf("%s: %s%s not in lexicon %s; %s decks hold real words (use --kind judge for phonies)",
		file, strings.Join(bad, ", "), more, lex.Name, k)
}

// nonWords are the cards a searched deck of a valid-or-not kind needs beside its words.
func nonWords(lex *lexicon.Lexicon, k Kind, words [][]lexicon.Tile, seed uint64) ([][]lexicon.Tile, error) {
	switch k {
	case KindTwos:
		isWord := map[string]bool{}
		for _, w := range words {
			if len(w) != 2 {
				return nil, fmt.Errorf("%s has %s: a twos deck holds two-tile words only", lex.Tiles.Display(w), Counted(len(w), "tile"))
			}
			isWord[key(letters(w))] = true
		}
		return twoLookalikes(lex, isWord), nil
	case KindJudge:
		var out [][]lexicon.Tile
		for _, p := range Phonies(lex, seed, words, len(words)) {
			out = append(out, p.Word)
		}
		return out, nil
	}
	return nil, nil
}
