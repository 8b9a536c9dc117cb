package stats

import (
	"cmp"
	"encoding/binary"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
)

// The sums of one run of answers (a part of an update: the first update of a long log is read
// by one part for each core, each its own run of ids), built one answer at a time as the store
// streams them. Every answer adds to its question's record and to the day sums of its groups;
// the work an answer costs is a few map lookups: what is the same for many answers (a
// question's make-up and groups, the day an instant falls on, a deck's name) is found once.

// sumShared is what the parts of an update read and never change, but for the lexicons.
type sumShared struct {
	loc    *time.Location
	decks  map[int64]string
	kinds  cardKinds                // of the cards reviewed in this update
	stored map[questionKey]Features // make-up of the questions summed before (nil: none)
	lx     Lexicons                 // nil: questions without ranks (not safe for concurrent use: under mu)
	mu     sync.Mutex
	known  map[questionKey]Features // make-up worked out in this update (under mu)
}

// features is a question's make-up: as summed before, else worked out (once per update).
func (sh *sumShared) features(k questionKey) Features {
	if f, ok := sh.stored[k]; ok {
		return f
	}
	sh.mu.Lock()
	f, ok := sh.known[k]
	sh.mu.Unlock()
	if ok {
		return f
	}
	if sh.lx != nil {
		sh.mu.Lock()
		ts, lex := sh.lx.Tiles(), sh.lx.Lexicon(k.lexicon)
		sh.mu.Unlock()
		f = QuestionFeatures(ts, lex, k.kind, k.question) // a lexicon answers many goroutines
	}
	sh.mu.Lock()
	sh.known[k] = f
	sh.mu.Unlock()
	return f
}

// partSum is the sums of one part.
type partSum struct {
	sh *sumShared
	n  int64 // answers summed

	lastDeckID int64
	lastDeck   string

	// questions, by lexicon and kind, then by the question's text
	byLexKind map[lexKind]map[string]*questionSum
	lastLK    lexKind
	lastQs    map[string]*questionSum
	qOrder    []*questionSum
	byCard    []*questionSum // by card id, the question it was last answered with (dense ids only)

	// the day of the last answer: the instants [dayFrom, dayTo) (ms) are all that day
	day, dayFrom, dayTo int64

	profiles map[profile]int32
	groups   map[groupKey][]*daySum
	days     map[dayKey]*daySum
	hot      []*daySum // those with a histogram being filled (see flush)
	hotMax   int
	free     []*histogram
}

type lexKind struct{ lexicon, kind string }

// questionSum is a question's record in this part, and its groups. (Small: a long log has
// hundreds of thousands of questions, in each part.)
type questionSum struct {
	lexicon, kind, question  string
	cardID                   int64
	answers, correct, timeMS int64
	firstAt, lastAt          int64 // Unix ms
	rank, rankOf             int32
	tiles, digraphs, blanks  int32
	band                     int8
	// the groups of its last answer (a question is answered as a drill or as a review)
	profile         int32
	drill, cardKind string
}

// profile is what puts an answer in its groups but its day and deck.
type profile struct {
	drill, cardKind       string
	tiles, digraphs, band int
}

type groupKey struct {
	day, deckID int64
	profile     int32
}

// histogram is a group's response times while its day is being read: one counter per bucket
// (see Times), added to the group's encoded histogram when flushed.
type histogram [lastBucket + 1]int64

type daySum struct {
	key                      dayKey
	answers, correct, timeMS int64
	times                    []byte // encoded (Times.Encode), what was flushed
	hist                     *histogram
}

// hotHistograms is how many histograms are filled at a time (2.3 MB): enough for every group of
// the days a part is reading, few enough to keep a long log's sums small.
const hotHistograms = 512

func newPartSum(sh *sumShared, hot int) *partSum {
	return &partSum{sh: sh, hotMax: hot, lastDeckID: -1, byLexKind: map[lexKind]map[string]*questionSum{},
		byCard: make([]*questionSum, len(sh.kinds.dense)), profiles: map[profile]int32{},
		groups: map[groupKey][]*daySum{}, days: map[dayKey]*daySum{}}
}

// add sums one answer.
func (p *partSum) add(a *studystore.StatsAnswer) error {
	p.n++
	if a.DeckID != p.lastDeckID {
		p.lastDeckID, p.lastDeck = a.DeckID, p.sh.decks[a.DeckID]
	}
	cardKind, kind := "", a.Drill
	if a.Drill == "review" {
		cardKind = p.sh.kinds.of(a.CardID)
		if cardKind != "" {
			kind = cardKind
		}
	}
	if lk := (lexKind{a.Lexicon, kind}); lk != p.lastLK || p.lastQs == nil {
		qs := p.byLexKind[lk]
		if qs == nil {
			qs = map[string]*questionSum{}
			p.byLexKind[lk] = qs
		}
		p.lastLK, p.lastQs = lk, qs
	}
	at := a.At.UnixMilli()
	// A card is nearly always answered with the same question: found by the card's id first.
	var q *questionSum
	byCard := a.CardID > 0 && a.CardID < int64(len(p.byCard))
	if byCard {
		if c := p.byCard[a.CardID]; c != nil && c.question == a.Question && c.lexicon == a.Lexicon && c.kind == kind {
			q = c
		}
	}
	if q == nil {
		q = p.lastQs[a.Question]
		if q == nil {
			q = p.newQuestion(questionKey{a.Lexicon, kind, a.Question}, at)
			p.lastQs[q.question] = q
		}
		if byCard {
			p.byCard[a.CardID] = q
		}
	}
	if q.profile < 0 || q.drill != a.Drill || q.cardKind != cardKind {
		q.drill, q.cardKind = a.Drill, cardKind
		q.profile = p.profileOf(profile{a.Drill, cardKind, int(q.tiles), min(int(q.digraphs), 1), int(q.band)})
	}
	if at < p.dayFrom || at >= p.dayTo {
		p.setDay(a.At)
	}
	g := groupKey{p.day, a.DeckID, q.profile}
	sums, ok := p.groups[g]
	if !ok {
		sums = p.daySumsOf(g, p.lastDeck, q)
	}
	bucket := timeBucket(a.TimeMS)
	for _, s := range sums {
		s.answers++
		if a.Correct {
			s.correct++
		}
		s.timeMS += a.TimeMS
		if s.hist == nil {
			p.heat(s)
		}
		s.hist[bucket]++
	}
	q.answers++
	if a.Correct {
		q.correct++
	}
	q.timeMS += a.TimeMS
	if a.CardID != 0 {
		q.cardID = a.CardID
	}
	q.firstAt, q.lastAt = min(q.firstAt, at), max(q.lastAt, at)
	return nil
}

func (p *partSum) newQuestion(k questionKey, at int64) *questionSum {
	f := p.sh.features(k)
	q := &questionSum{lexicon: k.lexicon, kind: k.kind, question: k.question, firstAt: at, lastAt: at,
		rank: int32(f.Rank), rankOf: int32(f.RankOf), tiles: int32(f.Tiles), digraphs: int32(f.Digraphs),
		blanks: int32(f.Blanks), band: int8(Band(f.Rank, f.RankOf)), profile: -1}
	p.qOrder = append(p.qOrder, q)
	return q
}

func (p *partSum) profileOf(pr profile) int32 {
	id, ok := p.profiles[pr]
	if !ok {
		id = int32(len(p.profiles))
		p.profiles[pr] = id
	}
	return id
}

// setDay makes the day of t the current one, with the instants that are surely that day: those
// of the same calendar day in the same offset from UTC (a change of offset ends the range).
func (p *partSum) setDay(t time.Time) {
	lt := t.In(p.sh.loc)
	p.day = DayNumber(t, p.sh.loc)
	_, off := lt.Zone()
	from := p.day*86_400_000 - int64(off)*1000
	to := from + 86_400_000
	if zs, ze := lt.ZoneBounds(); !zs.IsZero() || !ze.IsZero() {
		if !zs.IsZero() {
			from = max(from, zs.UnixMilli())
		}
		if !ze.IsZero() {
			to = min(to, ze.UnixMilli())
		}
	}
	if at := t.UnixMilli(); at < from || at >= to { // not expected; never cache a wrong day
		from, to = at, at+1
	}
	p.dayFrom, p.dayTo = from, to
}

// daySumsOf is the day sums a group of answers adds to, made on first use.
func (p *partSum) daySumsOf(g groupKey, deck string, q *questionSum) []*daySum {
	var out []*daySum
	add := func(dim, value string) {
		k := dayKey{g.day, deck, dim, value}
		s := p.days[k]
		if s == nil {
			s = &daySum{key: k}
			p.days[k] = s
		}
		out = append(out, s)
	}
	add(DimAll, DimAll)
	add(DimDrill, q.drill)
	if q.drill == "review" {
		kind := q.cardKind
		if kind == "" {
			kind = "?"
		}
		add(DimCardKind, kind)
	}
	if q.tiles > 0 {
		add(DimLength, strconv.Itoa(int(q.tiles)))
		dg := "no"
		if q.digraphs > 0 {
			dg = "yes"
		}
		add(DimDigraph, dg)
	}
	if q.band > 0 {
		add(DimBand, strconv.Itoa(int(q.band)))
	}
	p.groups[g] = out
	return out
}

// heat gives a day sum a histogram to fill, flushing every filled one first when too many are.
func (p *partSum) heat(s *daySum) {
	if len(p.hot) >= p.hotMax {
		p.flush()
	}
	if n := len(p.free); n > 0 {
		s.hist, p.free = p.free[n-1], p.free[:n-1]
	} else {
		s.hist = new(histogram)
	}
	p.hot = append(p.hot, s)
}

// flush adds every filled histogram to its day sum's encoded one.
func (p *partSum) flush() {
	for _, s := range p.hot {
		h := s.hist
		if len(s.times) > 0 {
			decodeInto(h, s.times)
		}
		s.times = encodeHistogram(h, s.times[:0])
		*h = histogram{}
		s.hist = nil
		p.free = append(p.free, h)
	}
	p.hot = p.hot[:0]
}

// merge adds a later part's sums to p's (p's answers come before o's: a question's card is the
// last one answered with it).
func (p *partSum) merge(o *partSum) {
	p.flush()
	o.flush()
	p.n += o.n
	for _, oq := range o.qOrder {
		lk := lexKind{oq.lexicon, oq.kind}
		qs := p.byLexKind[lk]
		if qs == nil {
			qs = map[string]*questionSum{}
			p.byLexKind[lk] = qs
		}
		q := qs[oq.question]
		if q == nil {
			qs[oq.question] = oq
			p.qOrder = append(p.qOrder, oq)
			continue
		}
		q.answers += oq.answers
		q.correct += oq.correct
		q.timeMS += oq.timeMS
		if oq.cardID != 0 {
			q.cardID = oq.cardID
		}
		q.firstAt, q.lastAt = min(q.firstAt, oq.firstAt), max(q.lastAt, oq.lastAt)
	}
	days := o.days
	o.byLexKind, o.qOrder, o.days, o.groups, o.byCard = nil, nil, nil, nil, nil
	for k, os := range days {
		s := p.days[k]
		if s == nil {
			p.days[k] = os
			continue
		}
		s.answers += os.answers
		s.correct += os.correct
		s.timeMS += os.timeMS
		s.times = mergeEncoded(s.times, os.times)
	}
}

// update is everything summed, for the store: the day sums in the order of their key, the
// questions in the order they were first answered.
func (p *partSum) update() studystore.StatsUpdate {
	p.flush()
	upd := studystore.StatsUpdate{Merge: mergeEncoded, Days: make([]studystore.StatsDay, 0, len(p.days)),
		Questions: make([]studystore.StatsQuestion, 0, len(p.qOrder))}
	for _, s := range p.days {
		times := s.times
		if times == nil {
			times = []byte{}
		}
		upd.Days = append(upd.Days, studystore.StatsDay{Day: s.key.day, Deck: s.key.deck, Dim: s.key.dim, Value: s.key.value,
			Answers: s.answers, Correct: s.correct, TimeMS: s.timeMS, Times: times})
	}
	slices.SortFunc(upd.Days, func(a, b studystore.StatsDay) int {
		return cmp.Or(cmp.Compare(a.Day, b.Day), cmp.Compare(a.Deck, b.Deck), cmp.Compare(a.Dim, b.Dim), cmp.Compare(a.Value, b.Value))
	})
	for _, q := range p.qOrder {
		upd.Questions = append(upd.Questions, studystore.StatsQuestion{Lexicon: q.lexicon, Kind: q.kind, Question: q.question,
			CardID: q.cardID, Tiles: int(q.tiles), Digraphs: int(q.digraphs), Blanks: int(q.blanks), Rank: int(q.rank),
			RankOf: int(q.rankOf), Answers: q.answers, Correct: q.correct, TimeMS: q.timeMS,
			FirstAt: time.UnixMilli(q.firstAt).UTC(), LastAt: time.UnixMilli(q.lastAt).UTC()})
	}
	// what is summed is in upd now: let it go while the store writes it
	p.byLexKind, p.qOrder, p.days, p.groups, p.lastQs, p.byCard = nil, nil, nil, nil, nil, nil
	return upd
}

// encodeHistogram appends h as Times.Encode writes it.
func encodeHistogram(h *histogram, out []byte) []byte {
	for b, c := range h {
		if c > 0 {
			out = binary.AppendUvarint(out, uint64(b))
			out = binary.AppendUvarint(out, uint64(c))
		}
	}
	return out
}

// decodeInto adds an encoded histogram to h (as Times.Decode).
func decodeInto(h *histogram, b []byte) {
	t := Times{}
	t.Decode(b)
	for bucket, c := range t {
		h[bucket] += c
	}
}

// cardKinds are cards' kinds, looked up once an answer: by id in a slice when the ids are
// dense enough (they are numbered from 1 as cards are made), else in a map.
type cardKinds struct {
	names []string
	dense []uint16 // card id → 1 + index in names; 0 unknown
	ids   map[int64]string
}

// cardKindsOf indexes kinds by card id.
func cardKindsOf(kinds map[int64]string) cardKinds {
	var maxID int64
	for id := range kinds {
		maxID = max(maxID, id)
	}
	if maxID > 4*int64(len(kinds))+4096 {
		return cardKinds{ids: kinds}
	}
	ck := cardKinds{dense: make([]uint16, maxID+1)}
	index := map[string]uint16{}
	for id, k := range kinds {
		i, ok := index[k]
		if !ok {
			if len(ck.names) == 1<<16-1 {
				return cardKinds{ids: kinds}
			}
			ck.names = append(ck.names, k)
			i = uint16(len(ck.names))
			index[k] = i
		}
		if id >= 0 {
			ck.dense[id] = i
		}
	}
	return ck
}

func (ck *cardKinds) of(id int64) string {
	if ck.ids != nil {
		return ck.ids[id]
	}
	if id < 0 || id >= int64(len(ck.dense)) || ck.dense[id] == 0 {
		return ""
	}
	return ck.names[ck.dense[id]-1]
}
