package lexicon

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// Range is an inclusive range of counts; Max is math.MaxInt when open.
type Range struct{ Min, Max int }

func (r Range) has(n int) bool { return n >= r.Min && n <= r.Max }

// DigraphCond asks for a digraph tile (Tile Blank: any of them) or, with Want false, for none.
type DigraphCond struct {
	Want bool
	Tile Tile
}

// Order is how search results are sorted; ties are always in alphabet order.
type Order int

const (
	OrderDefault     Order = iota // alphabetical, or by probability when Top is set
	OrderAlpha                    // alphabet order (CH after C, Ñ after N)
	OrderProbability              // most probable first
	OrderLength                   // longest first
	OrderPoints                   // highest face value first
	OrderAlphagram                // by alphagram, then alphabetical
)

// orderNames are the order keys, in English and in Spanish.
var orderNames = map[string]Order{
	"alpha": OrderAlpha, "alphabetical": OrderAlpha, "alfa": OrderAlpha, "alfabetico": OrderAlpha, "alfabético": OrderAlpha,
	"prob": OrderProbability, "probability": OrderProbability, "probabilidad": OrderProbability,
	"length": OrderLength, "longitud": OrderLength,
	"points": OrderPoints, "puntos": OrderPoints,
	"alphagram": OrderAlphagram, "alfagrama": OrderAlphagram,
}

// Search is a set of conditions a word must all meet, plus how to order the results. Build it
// with ParseSearch or Set (the commands' flags call Set, so both spell the same grammar).
//
// The grammar: terms key:value separated by spaces (a value with spaces in double quotes; none
// needed inside [...]); keys pattern, anagram, sub, length, contains, prefix, suffix, digraph,
// vowels, points, rank, top, order, or their Spanish names (patrón, anagrama, longitud,
// contiene, prefijo, sufijo, dígrafo, vocales, puntos, puesto, orden). `atril search --help`
// documents it for players, in both languages.
type Search struct {
	Pattern    *Pattern
	Anagram    []Tile // exactly these tiles; Blank for '?'
	Subanagram []Tile // some of these tiles
	Length     *Range // tiles
	Contains   []Tile // a multiset the word must hold
	Prefix     []Tile
	Suffix     []Tile
	Digraph    *DigraphCond
	Vowels     *Range
	Points     *Range
	Rank       *Range // probability rank among words of the same length
	Top        int    // 0: all
	Order      Order
	Reverse    bool

	terms []string // canonical "key:value" terms, in the order set
	keys  map[string]bool
}

// searchKeys maps every accepted key, aliases and Spanish names included, to its canonical name
// (what String writes).
var searchKeys = map[string]string{
	"pattern": "pattern", "p": "pattern", "patron": "pattern", "patrón": "pattern",
	"anagram": "anagram", "a": "anagram", "anagrama": "anagram",
	"sub": "sub", "subanagram": "sub", "subanagrama": "sub",
	"length": "length", "len": "length", "longitud": "length",
	"contains": "contains", "includes": "contains", "contiene": "contains",
	"prefix": "prefix", "prefijo": "prefix",
	"suffix": "suffix", "sufijo": "suffix",
	"digraph": "digraph", "digrafo": "digraph", "dígrafo": "digraph",
	"vowels": "vowels", "vocales": "vowels",
	"points": "points", "puntos": "points",
	"rank": "rank", "puesto": "rank",
	"top":   "top",
	"order": "order", "orden": "order",
}

// searchKeyList names the keys in the reader's language (the catalogue's query.keys).
var searchKeyList = i18n.E("query.keys")

// closeKey is the accepted key nearest a mistyped one (longitd → longitud), or "" when none is
// within two edits: the key the player most likely meant, in the language they typed.
func closeKey(typed string) string {
	best, bestD := "", 3
	for k := range searchKeys {
		if len([]rune(k)) < 3 {
			continue
		}
		if d := editDistance(typed, k); d < bestD || d == bestD && k < best {
			best, bestD = k, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, by runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// ParseSearch reads a search written as key:value terms (see Search).
func ParseSearch(s string, ts *TileSet) (Search, error) {
	var q Search
	terms, err := splitTerms(s)
	if err != nil {
		return Search{}, err
	}
	for _, term := range terms {
		key, value, ok := strings.Cut(term, ":")
		if !ok {
			return Search{}, i18n.E("query.no_key", "Term", i18n.Quote(term), "Keys", searchKeyList)
		}
		if err := q.Set(key, value, ts); err != nil {
			return Search{}, err
		}
	}
	return q, nil
}

// splitTerms splits on spaces outside double quotes and outside [...] (so pattern:[C H]* needs
// no quotes even after a shell has removed them) and drops the quotes.
func splitTerms(s string) ([]string, error) {
	var terms []string
	var cur strings.Builder
	inQuote, inBracket, any := false, false, false
	for _, r := range s {
		switch {
		case r == '"':
			inQuote = !inQuote
			any = true
		case !inQuote && r == '[':
			inBracket = true
			cur.WriteRune(r)
			any = true
		case !inQuote && r == ']':
			inBracket = false
			cur.WriteRune(r)
			any = true
		case !inQuote && !inBracket && (r == ' ' || r == '\t' || r == '\n'):
			if any {
				terms = append(terms, cur.String())
				cur.Reset()
				any = false
			}
		default:
			cur.WriteRune(r)
			any = true
		}
	}
	if inQuote {
		return nil, i18n.E("query.unclosed_quote", "Search", i18n.Quote(s))
	}
	if any {
		terms = append(terms, cur.String())
	}
	return terms, nil
}

// Set adds one condition, as the text term key:value would. Each key may be given once.
func (q *Search) Set(key, value string, ts *TileSet) error {
	typed := strings.ToLower(strings.TrimSpace(key))
	name, ok := searchKeys[typed]
	term := key + ":" + value
	if !ok {
		if near := closeKey(typed); near != "" {
			return i18n.E("query.unknown_key_near", "Term", i18n.Quote(term), "Key", i18n.Quote(key), "Near", near)
		}
		return i18n.E("query.unknown_key", "Term", i18n.Quote(term), "Key", i18n.Quote(key), "Keys", searchKeyList)
	}
	if q.keys[name] {
		return i18n.E("query.twice", "Term", i18n.Quote(term), "Key", typed)
	}
	bad := func(reason error) error {
		return i18n.Wrap(reason, "query.bad_term", "Term", i18n.Quote(term))
	}
	tiles := func(opt ParseOptions) ([]Tile, error) {
		w, err := ts.Parse(value, opt)
		if err != nil {
			return nil, bad(err)
		}
		if len(w) == 0 {
			return nil, bad(i18n.E("query.no_tiles", "Key", typed))
		}
		if err := CheckQueryTiles(w); err != nil {
			return nil, bad(err)
		}
		return w, nil
	}
	canon := value
	var err error
	switch name {
	case "pattern":
		q.Pattern, err = ParsePattern(value, ts)
		if err != nil {
			return bad(err)
		}
	case "anagram", "sub":
		if q.keys["anagram"] || q.keys["sub"] {
			return bad(i18n.E("query.one_rack"))
		}
		rack, err := tiles(ParseOptions{AllowBlank: true})
		if err != nil {
			return err
		}
		if err := ts.CheckRack(rack); err != nil {
			return bad(err)
		}
		if name == "anagram" {
			q.Anagram = rack
		} else {
			q.Subanagram = rack
		}
		canon = ts.Notation(rack)
	case "contains", "prefix", "suffix":
		w, err := tiles(ParseOptions{})
		if err != nil {
			return err
		}
		switch name {
		case "contains":
			q.Contains = w
		case "prefix":
			q.Prefix = w
		default:
			q.Suffix = w
		}
		canon = ts.Notation(w)
	case "length", "vowels", "points", "rank":
		r, err := parseRange(value)
		if err != nil {
			return bad(err)
		}
		switch name {
		case "length":
			q.Length = &r
		case "vowels":
			q.Vowels = &r
		case "points":
			q.Points = &r
		default:
			if r.Max == 0 {
				return bad(i18n.E("query.rank_from_one"))
			}
			r.Min = max(r.Min, 1)
			q.Rank = &r
		}
	case "digraph":
		v := strings.ToUpper(strings.TrimSpace(value))
		switch v {
		case "YES", "Y", "SI", "SÍ", "ANY", "TRUE":
			q.Digraph = &DigraphCond{Want: true}
			canon = "yes"
		case "NO", "N", "NONE", "FALSE":
			q.Digraph = &DigraphCond{Want: false}
			canon = "no"
		default:
			w, err := ts.ParseWord(strings.Trim(v, "[]"))
			if err != nil || len(w) != 1 || !ts.IsDigraph(w[0]) {
				return bad(i18n.E("query.digraph_expected", "Tiles", strings.Join(digraphLabels(ts), ", ")))
			}
			q.Digraph = &DigraphCond{Want: true, Tile: w[0]}
			canon = ts.Label(w[0])
		}
	case "top":
		n, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil || n < 1 {
			return bad(i18n.E("query.top_expected"))
		}
		q.Top = n
	case "order":
		v := strings.ToLower(strings.TrimSpace(value))
		rev := strings.HasPrefix(v, "-")
		o, ok := orderNames[strings.TrimPrefix(v, "-")]
		if !ok {
			return bad(i18n.E("query.order_expected"))
		}
		q.Order, q.Reverse = o, rev
	}
	if q.keys == nil {
		q.keys = map[string]bool{}
	}
	q.keys[name] = true
	if strings.ContainsAny(canon, " \t") {
		canon = `"` + canon + `"`
	}
	q.terms = append(q.terms, name+":"+canon)
	return nil
}

func digraphLabels(ts *TileSet) []string {
	var out []string
	for t := 1; t < ts.Size(); t++ {
		if ts.IsDigraph(Tile(t)) {
			out = append(out, ts.Label(Tile(t)))
		}
	}
	return out
}

// parseRange reads N, N-M, N- or -M.
func parseRange(s string) (Range, error) {
	s = strings.TrimSpace(s)
	num := func(x string) (int, error) {
		n, err := strconv.Atoi(x)
		if err != nil || n < 0 {
			return 0, strconv.ErrSyntax
		}
		return n, nil
	}
	expect := i18n.E("query.range_expected", "Value", i18n.Quote(s))
	if s == "" || s == "-" {
		return Range{}, expect
	}
	lo, hi, isRange := strings.Cut(s, "-")
	if !isRange {
		n, err := num(s)
		if err != nil {
			return Range{}, expect
		}
		return Range{n, n}, nil
	}
	r := Range{0, math.MaxInt}
	var err error
	if lo != "" {
		if r.Min, err = num(lo); err != nil {
			return Range{}, expect
		}
	}
	if hi != "" {
		if r.Max, err = num(hi); err != nil {
			return Range{}, expect
		}
	}
	if r.Min > r.Max {
		return Range{}, i18n.E("query.range_empty", "Value", i18n.Quote(s), "Min", r.Min, "Max", r.Max)
	}
	return r, nil
}

// String is the search in its text form, which ParseSearch reads back to the same search.
func (q Search) String() string { return strings.Join(q.terms, " ") }

// Text is the search as String writes it with each key, and digraph's yes, in the reader's
// language ("longitud:8 top:5" to a Spanish reader): what the player would type back.
func (q Search) Text(p *i18n.Printer) string {
	terms := make([]string, len(q.terms))
	for i, t := range q.terms {
		key, value, _ := strings.Cut(t, ":")
		if key == "digraph" && value == "yes" {
			value = p.T("query.key.yes")
		}
		terms[i] = searchKeyName(p, key) + ":" + value
	}
	return strings.Join(terms, " ")
}

// searchKeyName is a canonical key's name in the reader's language.
func searchKeyName(p *i18n.Printer, key string) string {
	switch key {
	case "pattern":
		return p.T("query.key.pattern")
	case "anagram":
		return p.T("query.key.anagram")
	case "length":
		return p.T("query.key.length")
	case "contains":
		return p.T("query.key.contains")
	case "prefix":
		return p.T("query.key.prefix")
	case "suffix":
		return p.T("query.key.suffix")
	case "digraph":
		return p.T("query.key.digraph")
	case "vowels":
		return p.T("query.key.vowels")
	case "points":
		return p.T("query.key.points")
	case "rank":
		return p.T("query.key.rank")
	case "order":
		return p.T("query.key.order")
	}
	return key // sub, top: the same in both languages
}

// IsEmpty reports whether no condition was given (a search for every word).
func (q Search) IsEmpty() bool { return len(q.terms) == 0 }

// Result is one word a search found.
type Result struct {
	Word         []Tile // tiles a blank stood for carry BlankBit (rack searches only)
	Alphagram    []Tile
	Combinations uint64
	Probability  float64
	Rank         int // among words of the same length, 1 = most probable
	Points       int // face value
	Vowels       int
}

// Search finds the words that meet every condition, ordered as asked. The walk over the graph is
// pruned by the rack, the pattern, the prefix and the length; the other conditions filter the
// words it reaches.
func (l *Lexicon) Search(q Search) ([]Result, error) {
	ts := l.Tiles
	w := walker{g: l.Graph, minLen: 1, maxLen: maxQueryDepth}
	if q.Pattern != nil {
		w.pats = append(w.pats, q.Pattern)
		w.minLen = max(w.minLen, q.Pattern.minTiles)
		if m := q.Pattern.maxTiles(); m > 0 {
			w.maxLen = min(w.maxLen, m)
		}
	}
	if len(q.Prefix) > 0 {
		w.pats = append(w.pats, literalPattern("prefix", q.Prefix, false, true))
	}
	if len(q.Suffix) > 0 {
		w.pats = append(w.pats, literalPattern("suffix", q.Suffix, true, false))
	}
	switch {
	case len(q.Anagram) > 0:
		w.useRack, w.rc = true, countTiles(q.Anagram)
		w.minLen = max(w.minLen, len(q.Anagram))
		w.maxLen = min(w.maxLen, len(q.Anagram))
	case len(q.Subanagram) > 0:
		w.useRack, w.rc = true, countTiles(q.Subanagram)
		w.maxLen = min(w.maxLen, len(q.Subanagram))
	}
	if q.Length != nil {
		w.minLen = max(w.minLen, q.Length.Min)
		if q.Length.Max < maxQueryDepth {
			w.maxLen = min(w.maxLen, q.Length.Max)
		}
	}
	if w.minLen > w.maxLen {
		return nil, nil
	}
	var need [256]uint8
	for _, t := range q.Contains {
		need[t.Letter()]++
	}

	var arena wordArena
	var results []Result
	var n [256]uint8
	// consider keeps a word that meets the filters the walk cannot prune on.
	consider := func(word []Tile, rank int) bool {
		for _, t := range word {
			n[t.Letter()]++
		}
		keep := true
		for _, t := range q.Contains {
			if n[t.Letter()] < need[t.Letter()] {
				keep = false
				break
			}
		}
		r := Result{Rank: rank}
		if keep && q.Digraph != nil {
			has := false
			for _, t := range word {
				if q.Digraph.Tile == Blank && ts.IsDigraph(t) || q.Digraph.Tile != Blank && t.Letter() == q.Digraph.Tile {
					has = true
					break
				}
			}
			keep = has == q.Digraph.Want
		}
		if keep {
			r.Vowels = ts.Vowels(word)
			keep = q.Vowels == nil || q.Vowels.has(r.Vowels)
		}
		if keep {
			for _, t := range word {
				r.Points += ts.Points(t.Letter())
			}
			keep = q.Points == nil || q.Points.has(r.Points)
		}
		if keep {
			r.Combinations = ts.combinations(word, &n)
			r.Probability = probability(r.Combinations, binom(ts.Total(), len(word)))
			arena.add(word)
			results = append(results, r)
		}
		for _, t := range word {
			n[t.Letter()]--
		}
		return keep
	}
	ranked := false
	filtered := len(q.Contains) > 0 || q.Digraph != nil || q.Vowels != nil || q.Points != nil
	openLengths := w.maxLen-w.minLen > 15
	if !w.useRack && len(w.pats) == 0 && (q.Top > 0 || q.Rank != nil) && !(openLengths && filtered) {
		// Nothing prunes the walk, and only the most probable words are wanted: read the rank
		// tables in rank order and stop once enough words pass the filters. Lexicons hold words
		// of at most MaxWordTiles tiles; an open length range stops there. With an open range
		// and filters that may reject most words, the tables of every length might be needed
		// (slower than one walk): the walk below does it then.
		ranked = true
		var buf [maxQueryDepth]Tile
		maxLen := min(w.maxLen, MaxWordTiles)
		for length := w.minLen; length <= maxLen; length++ {
			if q.Rank == nil && len(results) >= q.Top && topProbability(results, q.Top) >= ts.maxProbabilityFrom(length, maxLen) {
				// The lengths left cannot beat the words found (at equal probability the shorter
				// word comes first): their rank tables are never built.
				break
			}
			t := l.ranks(length)
			first, last := 1, len(t.byRank)
			if q.Rank != nil {
				first, last = max(first, q.Rank.Min), min(last, q.Rank.Max)
			}
			kept := 0
			for r := first; r <= last && (q.Top == 0 || kept < q.Top); r++ {
				word := buf[:length]
				for i, b := range t.word(int(t.byRank[r-1])) {
					word[i] = Tile(b)
				}
				if consider(word, r) {
					kept++
				}
			}
		}
	} else {
		w.emit = func(word []Tile) bool {
			if consider(word, 0) && q.Top > 0 && q.Rank == nil && len(results) >= 4*q.Top+4096 {
				results, arena = keepMostProbable(results, arena, q.Top)
			}
			return true
		}
		w.run()
	}

	// Words and alphagrams live in one array each; results point into them.
	words := arena.words()
	alpha := make([]Tile, 0, len(arena.tiles))
	for i := range results {
		results[i].Word = words[i]
		start := len(alpha)
		for _, t := range words[i] {
			alpha = append(alpha, t.Letter())
		}
		results[i].Alphagram = alpha[start:len(alpha):len(alpha)]
		SortAlphagram(results[i].Alphagram)
	}

	rankAll := func() {
		for i := range results {
			results[i].Rank, _ = l.Rank(results[i].Word)
		}
		ranked = true
	}
	if q.Rank != nil && !ranked {
		rankAll()
		results = slices.DeleteFunc(results, func(r Result) bool { return !q.Rank.has(r.Rank) })
	}
	if q.Top > 0 && len(results) > q.Top {
		slices.SortStableFunc(results, byProbability)
		results = results[:q.Top]
	}
	if !ranked {
		rankAll()
	}
	order := q.Order
	if order == OrderDefault {
		order = OrderAlpha
		if q.Top > 0 {
			order = OrderProbability
		}
	}
	sortResults(results, order, q.Reverse)
	return results, nil
}

// keepMostProbable keeps the n most probable results and their words: a walk for the top words
// of a whole lexicon holds a few thousand results, not every word.
func keepMostProbable(rs []Result, arena wordArena, n int) ([]Result, wordArena) {
	for i, w := range arena.words() {
		rs[i].Word = w
	}
	slices.SortStableFunc(rs, byProbability)
	rs = rs[:n]
	var kept wordArena
	for i := range rs {
		kept.add(rs[i].Word)
		rs[i].Word = nil // set again from the arena at the end
	}
	return rs, kept
}

// topProbability is the n-th highest probability among the results (n <= len(rs)).
func topProbability(rs []Result, n int) float64 {
	ps := make([]float64, len(rs))
	for i, r := range rs {
		ps[i] = r.Probability
	}
	slices.Sort(ps)
	return ps[len(ps)-n]
}

// maxProbabilityFrom bounds the probability of any word of from..to tiles.
func (ts *TileSet) maxProbabilityFrom(from, to int) float64 {
	p := 0.0
	for n := from; n <= to; n++ {
		p = max(p, ts.MaxProbability(n))
	}
	return p
}

func compareTiles(a, b []Tile) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if x, y := a[i].Letter(), b[i].Letter(); x != y {
			return cmp.Compare(x, y)
		}
	}
	return cmp.Compare(len(a), len(b))
}

// byProbability: most probable first, then shorter (a higher probability across lengths is
// rare to tie), then alphabet order.
func byProbability(a, b Result) int {
	if c := cmp.Compare(b.Probability, a.Probability); c != 0 {
		return c
	}
	if c := cmp.Compare(len(a.Word), len(b.Word)); c != 0 {
		return c
	}
	return compareTiles(a.Word, b.Word)
}

func sortResults(rs []Result, o Order, reverse bool) {
	var f func(a, b Result) int
	switch o {
	case OrderProbability:
		f = byProbability
	case OrderLength:
		f = func(a, b Result) int {
			if c := cmp.Compare(len(b.Word), len(a.Word)); c != 0 {
				return c
			}
			return compareTiles(a.Word, b.Word)
		}
	case OrderPoints:
		f = func(a, b Result) int {
			if c := cmp.Compare(b.Points, a.Points); c != 0 {
				return c
			}
			return compareTiles(a.Word, b.Word)
		}
	case OrderAlphagram:
		f = func(a, b Result) int {
			if c := compareTiles(a.Alphagram, b.Alphagram); c != 0 {
				return c
			}
			return compareTiles(a.Word, b.Word)
		}
	default:
		f = func(a, b Result) int { return compareTiles(a.Word, b.Word) }
	}
	if reverse {
		g := f
		f = func(a, b Result) int { return g(b, a) }
	}
	slices.SortStableFunc(rs, f)
}

// MaxQueryTiles is the most tiles a word, rack or term of a query may have: a pattern's
// automaton holds 63 elements. Words have at most 15 tiles, so nothing longer matches anyway.
const MaxQueryTiles = maxPatternElems - 2

// CheckQueryTiles refuses a word or rack longer than MaxQueryTiles: the message a search term
// and a word looked up (atril info) give alike.
func CheckQueryTiles(w []Tile) error {
	if len(w) > MaxQueryTiles {
		return i18n.E("query.too_many_tiles", "Tiles", len(w), "Max", MaxQueryTiles)
	}
	return nil
}
