package drills

import (
	"errors"
	"io"
	"strings"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"

	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
)

// MaxDeckFile is the largest word file a deck is filled from (64 MiB: ten times the largest
// official word list), so that a wrong file (/dev/zero, a disk image) ends with a clear error
// rather than all of memory.
const MaxDeckFile = 64 << 20

// ReadDeckFile reads a deck's word file, at most MaxDeckFile bytes of it: a bigger file (or an
// endless one: /dev/zero) is refused, naming it.
func ReadDeckFile(r io.Reader, name string) ([]byte, error) {
	b, err := fileio.ReadAll(r, name, MaxDeckFile)
	if errors.As(err, new(*fileio.TooBigError)) {
		return nil, i18n.E("deck.err.file_too_big", "File", fileio.Name(name), "MiB", MaxDeckFile>>20)
	}
	if err != nil {
		return nil, err
	}
	return b, nil
}

// SourceError is a search or word file that gives a deck no cards; Search says which, so that
// the command can name its flag.
type SourceError struct {
	Search bool
	Err    error
}

func (e *SourceError) Error() string { return e.Err.Error() }
func (e *SourceError) Unwrap() error { return e.Err }

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
//   - a judge deck gets as many phonies as words (as the judge drill asks), of the words'
//     lengths: forms the lexicon's morphology predicts and it lacks (decoys, drawn from
//     src.Seed), one-tile edits for two-tile words and for searches of more than maxMorphFill
//     words.
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
			return f, &SourceError{Search: true, Err: err}
		}
		rs, err := lex.Search(q)
		if err != nil {
			return f, &SourceError{Search: true, Err: err}
		}
		if len(rs) == 0 {
			return f, &SourceError{Search: true, Err: i18n.E("deck.err.search_empty", "Query", i18n.Quote(src.Search), "Lexicon", lex.Name)}
		}
		for _, r := range rs {
			words = append(words, r.Word)
		}
		f.Source = "--search " + src.Search
	case src.In != nil:
		wl, err := lexicon.ReadWordList(src.In, src.File, lex.Tiles, src.Strict)
		if err != nil {
			if src.Strict {
				return f, i18n.Wrap(err, "deck.err.strict")
			}
			return f, err
		}
		if len(wl.Words) == 0 {
			return f, i18n.E("deck.err.file_empty", "File", src.File)
		}
		words, f.Skipped, f.Source = wl.Words, wl.Problems, "--file "+src.File
		if err := realWords(lex, k, src.File, words); err != nil {
			return f, err
		}
	default:
		return f, i18n.E("deck.err.no_source")
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
	if len(bad) > 5 {
		return i18n.E("deck.err.not_words_more", "File", file, "Words", strings.Join(bad[:5], ", "), "More", len(bad)-5, "Lexicon", lex.Name, "Kind", string(k))
	}
	return i18n.E("deck.err.not_words", "File", file, "Words", strings.Join(bad, ", "), "Lexicon", lex.Name, "Kind", string(k))
}

// nonWords are the cards a searched deck of a valid-or-not kind needs beside its words.
func nonWords(lex *lexicon.Lexicon, k Kind, words [][]lexicon.Tile, seed uint64) ([][]lexicon.Tile, error) {
	switch k {
	case KindTwos:
		isWord := map[string]bool{}
		for _, w := range words {
			if len(w) != 2 {
				return nil, i18n.E("deck.err.twos_only", "Word", lex.Tiles.Display(w), "Tiles", len(w))
			}
			isWord[key(letters(w))] = true
		}
		return twoLookalikes(lex, isWord), nil
	case KindJudge:
		var out [][]lexicon.Tile
		// A search of tens of thousands of words gets one-tile edits: learning the morphology
		// and drawing that many of its phonies would hold the deck up for long.
		if len(words) > maxMorphFill {
			for _, p := range Phonies(lex, seed, words, len(words)) {
				out = append(out, p.Word)
			}
			return out, nil
		}
		rng := newRand(seed)
		for _, p := range decoys(lex, rng, newPhonyMaker(lex, rng, words), words, len(words), nil) {
			out = append(out, p.Word)
		}
		return out, nil
	}
	return nil, nil
}

// maxMorphFill is the most words a judge deck's search may have for its phonies to be
// morphological ones.
const maxMorphFill = 20000
