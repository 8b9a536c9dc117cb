package drills

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
)

// Question generators. Each takes the lexicon and an options struct with Count and Seed, and
// returns its questions in the order they will be asked: the same seed gives the same questions.
// Count 0 asks everything the options select (for --list study sheets).

// newRand is the drills' one source of randomness: PCG from the seed, so --seed replays.
func newRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x6174_7269_6c21)) // "atril!"
}

// sample returns k distinct indices below n in random order (all n when k >= n). Small
// samples of a big pool cost O(k), not a permutation of the whole pool.
func sample(rng *rand.Rand, n, k int) []int {
	if k >= n {
		return rng.Perm(n)
	}
	if k*4 >= n {
		return rng.Perm(n)[:k]
	}
	seen := make(map[int]bool, k)
	out := make([]int, 0, k)
	for len(out) < k {
		if i := rng.IntN(n); !seen[i] {
			seen[i] = true
			out = append(out, i)
		}
	}
	return out
}

// WordRange selects words by tile length and probability rank within their length.
type WordRange struct {
	MinLen, MaxLen int // tiles, inclusive
	// MinRank..MaxRank (1 = most probable, inclusive); 0 for no bound.
	MinRank, MaxRank int
}

func (wr WordRange) check() error {
	if wr.MinLen < 2 || wr.MaxLen > 15 || wr.MinLen > wr.MaxLen {
		return i18n.E("drill.err.lengths", "Min", wr.MinLen, "Max", wr.MaxLen)
	}
	if wr.MinRank < 0 || wr.MaxRank < 0 || (wr.MaxRank > 0 && wr.MinRank > wr.MaxRank) {
		return i18n.E("drill.err.rank_range", "Min", wr.MinRank, "Max", wr.MaxRank)
	}
	return nil
}

// words lists the selected words, length by length, each length most probable first.
func (wr WordRange) words(lex *lexicon.Lexicon) ([][]lexicon.Tile, error) {
	if err := wr.check(); err != nil {
		return nil, err
	}
	var out [][]lexicon.Tile
	for n := wr.MinLen; n <= wr.MaxLen; n++ {
		limit := wr.MaxRank
		if limit == 0 {
			limit = 1 << 30
		}
		ws := lex.TopByProbability(n, limit)
		from := max(wr.MinRank, 1) - 1
		if from >= len(ws) {
			continue
		}
		out = append(out, ws[from:]...)
	}
	if len(out) == 0 {
		return nil, i18n.E("drill.err.no_words", "Words", wr.text(), "Lexicon", lex.Name)
	}
	return out, nil
}

// text says which words the range selects: "4-6 tiles, probability ranks 1-1000".
func (wr WordRange) text() Text {
	lengths := strconv.Itoa(wr.MinLen)
	if wr.MaxLen != wr.MinLen {
		lengths += "-" + strconv.Itoa(wr.MaxLen)
	}
	if wr.MinRank <= 1 && wr.MaxRank == 0 {
		return T("drill.range.tiles", "Lengths", lengths)
	}
	var to any = wr.MaxRank
	if wr.MaxRank == 0 {
		to = T("drill.range.end")
	}
	return T("drill.range.tiles_ranks", "Lengths", lengths, "From", max(wr.MinRank, 1), "To", to)
}

func (wr WordRange) String() string { return wr.text().String() }

// ParseRange reads "N" or "FROM-TO" (either side may be empty: "-1000", "500-").
func ParseRange(s string) (from, to int, err error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, 0, nil
	}
	a, b, isRange := strings.Cut(s, "-")
	num := func(x string) (int, error) {
		if x == "" {
			return 0, nil
		}
		n, err := strconv.Atoi(strings.TrimSpace(x))
		if err != nil || n < 0 {
			return 0, i18n.E("drill.err.range_syntax", "Range", i18n.Quote(s))
		}
		return n, nil
	}
	if from, err = num(a); err != nil {
		return 0, 0, err
	}
	if !isRange {
		return from, from, nil
	}
	if to, err = num(b); err != nil {
		return 0, 0, err
	}
	if to != 0 && from > to {
		return 0, 0, i18n.E("drill.err.range_order", "Range", i18n.Quote(s))
	}
	return from, to, nil
}

// ParseRanks reads a range of probability ranks as ParseRange does ("" is every rank, "-1000"
// up to 1000), refusing a range that can hold no rank: ranks start at 1, so "0" and "0-0" are
// mistakes, as in a search's rank:0, and so is a range from 0 ("0-5").
func ParseRanks(s string) (from, to int, err error) {
	if from, to, err = ParseRange(s); err != nil {
		return 0, 0, err
	}
	a, b, isRange := strings.Cut(strings.TrimSpace(s), "-")
	zeroTo := to == 0 && (!isRange || strings.TrimSpace(b) != "")
	zeroFrom := from == 0 && strings.TrimSpace(a) != "" // "0-5": rank 0 does not exist
	if strings.TrimSpace(s) != "" && (zeroTo || zeroFrom) {
		return 0, 0, i18n.E("drill.err.rank_zero", "Range", i18n.Quote(s))
	}
	return from, to, nil
}

// ParseLengths reads a word length in tiles, "N" or "FROM-TO", where an empty side is open
// ("-5": 2 to 5, "7-": 7 to 15). Every number given must be 2 to 15: 0 is not "any".
func ParseLengths(s string) (from, to int, err error) {
	if strings.TrimSpace(s) == "" {
		return 0, 0, i18n.E("drill.err.lengths_syntax", "Range", i18n.Quote(s))
	}
	if from, to, err = ParseRange(s); err != nil {
		return 0, 0, err
	}
	a, b, isRange := strings.Cut(s, "-")
	given := func(side string, n int) bool { return strings.TrimSpace(side) != "" && (n < 2 || n > 15) }
	if given(a, from) || (isRange && given(b, to)) {
		return 0, 0, i18n.E("drill.err.lengths_range", "Range", i18n.Quote(s))
	}
	if from == 0 {
		from = 2
	}
	if to == 0 {
		to = 15
	}
	return from, to, nil
}

// bag is the full tile bag of a set, one entry per tile, for drawing racks.
func bag(ts *lexicon.TileSet) []lexicon.Tile {
	out := make([]lexicon.Tile, 0, ts.Total())
	for t := 0; t < ts.Size(); t++ {
		for range ts.Count(lexicon.Tile(t)) {
			out = append(out, lexicon.Tile(t))
		}
	}
	return out
}

// drawRack draws n tiles from a full bag, at most blanks of them blanks.
func drawRack(rng *rand.Rand, full []lexicon.Tile, n, blanks int) []lexicon.Tile {
	b := slices.Clone(full)
	rack := make([]lexicon.Tile, 0, n)
	used := 0
	for len(rack) < n && len(b) > 0 {
		i := rng.IntN(len(b))
		t := b[i]
		b[i] = b[len(b)-1]
		b = b[:len(b)-1]
		if t == lexicon.Blank {
			if used >= blanks {
				continue
			}
			used++
		}
		rack = append(rack, t)
	}
	lexicon.SortAlphagram(rack)
	return rack
}

// key is a tile slice as a map key.
func key(ts []lexicon.Tile) string { return string(tilesBytes(ts)) }

func tilesBytes(ts []lexicon.Tile) []byte {
	b := make([]byte, len(ts))
	for i, t := range ts {
		b[i] = byte(t)
	}
	return b
}

// take is how many questions to make: count, or all n when count is 0.
func take(count, n int) int {
	if count <= 0 || count > n {
		return n
	}
	return count
}

// MaxCount bounds a drill's question count (and a review session's cards): drawing drills
// would otherwise draw, and try to draw, without end.
const MaxCount = 10000

func checkCount(count int) error {
	if count < 0 || count > MaxCount {
		return i18n.E("drill.err.count", "Count", count, "Max", MaxCount)
	}
	return nil
}

// FromDeck makes the questions of a deck's cards (studystore.DeckCards), count of them in an order
// drawn from the seed (count 0: all), for drilling a deck outside its schedule. Answers carry
// the card's id.
func FromDeck(lex *lexicon.Lexicon, cards []studystore.DeckCard, count int, seed uint64) ([]Question, error) {
	if err := checkCount(count); err != nil {
		return nil, err
	}
	if len(cards) == 0 {
		return nil, i18n.E("deck.err.empty")
	}
	rng := newRand(seed)
	var qs []Question
	for _, i := range sample(rng, len(cards), take(count, len(cards))) {
		q, err := CardQuestion(lex, cards[i])
		if err != nil {
			return nil, err
		}
		qs = append(qs, q)
	}
	return qs, nil
}
