package drills

import (
	"bytes"
	"context"
	"errors"
	"hash/fnv"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/srs"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
)

// FieldError is a value one of a request's settings cannot take. Field names the setting
// (kind, scheduler, new_per_day, retention, target), so that a command can name its flag;
// Value is the value as given, Want what was wanted instead (a catalogue error).
type FieldError struct {
	Field string
	Value string
	Want  error
	err   error // the whole message: "card kind "bingo": want one of ..."
}

func fieldError(field, value string, want error) *FieldError {
	var setting error
	switch field {
	case "kind":
		setting = i18n.E("deck.setting.kind")
	case "scheduler":
		setting = i18n.E("deck.setting.scheduler")
	case "new_per_day":
		setting = i18n.E("deck.setting.new_per_day")
	case "retention":
		setting = i18n.E("deck.setting.retention")
	default:
		setting = i18n.E("deck.setting.target")
	}
	return &FieldError{Field: field, Value: value, Want: want,
		err: i18n.E("deck.err.setting", "Setting", setting, "Value", value, "Want", want)}
}

func (e *FieldError) Error() string { return e.err.Error() }
func (e *FieldError) Unwrap() error { return e.err }

// DeckRequest asks for cards to be put into a deck, created if new: `atril deck add`.
type DeckRequest struct {
	Name string
	// Kind, Scheduler, NewPerDay, Retention and Target are fixed when the deck is created. For
	// a deck that exists, a Kind or Scheduler given (KindSet, SchedulerSet) must be its own;
	// without them the deck's own are used.
	Kind         Kind
	KindSet      bool
	Scheduler    string
	SchedulerSet bool
	NewPerDay    int
	Retention    float64 // FSRS desired retention; 0 or 0.9 is the default
	Target       time.Duration
	// Source gives the cards: a search, or a word file whose contents are FileData (read with
	// ReadDeckFile). Its Seed, when SeedSet is false, comes from the deck's name: adding the
	// same search again makes the same phonies, which the deck already holds, instead of
	// piling up new ones.
	Source   DeckSource
	FileData []byte
	SeedSet  bool
}

// DeckAdded is what AddDeck did.
type DeckAdded struct {
	Deck    studystore.Deck
	Created bool
	Fill    DeckFill
	Added   int // cards new to the deck
	Total   int // cards in the deck now
}

// Check refuses settings no deck can have.
func (req DeckRequest) Check() error {
	switch {
	case !slices.Contains(DeckKinds, req.Kind):
		return fieldError("kind", i18n.Quote(string(req.Kind)), i18n.E("deck.want.kind"))
	case !slices.Contains(srs.Kinds, req.Scheduler):
		return fieldError("scheduler", i18n.Quote(req.Scheduler), i18n.E("deck.want.scheduler"))
	case req.NewPerDay < 0 || req.NewPerDay > MaxCount:
		return fieldError("new_per_day", strconv.Itoa(req.NewPerDay), i18n.E("deck.want.new_per_day", "Max", MaxCount))
	case req.Retention != 0 && !(req.Retention > 0.5 && req.Retention < 1): // NaN too
		return fieldError("retention", strconv.FormatFloat(req.Retention, 'g', -1, 64), i18n.E("deck.want.retention"))
	case req.Target < 0:
		return fieldError("target", req.Target.String(), i18n.E("deck.want.target"))
	}
	return nil
}

// AddDeck fills deck req.Name from its source under lex: the deck is created with the request's
// settings if new; an existing deck keeps its own, must be of lex, and takes the source's
// cards of its kind. Cards it holds already are skipped.
func AddDeck(ctx context.Context, st *studystore.Store, lex *lexicon.Lexicon, req DeckRequest) (DeckAdded, error) {
	if err := req.Check(); err != nil {
		return DeckAdded{}, err
	}
	src := req.Source
	if !req.SeedSet {
		h := fnv.New64a()
		h.Write([]byte(req.Name))
		src.Seed = h.Sum64()
	}
	if req.FileData != nil {
		src.In = bytes.NewReader(req.FileData)
	}
	kind := req.Kind
	d, exists, err := findDeck(ctx, st, req.Name)
	if err != nil {
		return DeckAdded{}, err
	}
	// A new deck of two-tile words without --kind is a twos deck (valid or not, with their
	// look-alikes), as the twos drill asks them, not an anagram deck of two-tile racks.
	if !req.KindSet && !exists && src.Search != "" {
		if q, err := lexicon.ParseSearch(src.Search, lex.Tiles); err == nil && q.Length != nil && q.Length.Min == 2 && q.Length.Max == 2 {
			kind = KindTwos
		}
	}
	if exists {
		if req.KindSet && d.Kind != string(req.Kind) {
			return DeckAdded{}, fieldError("kind", string(req.Kind), i18n.E("deck.err.kind_fixed", "Deck", d.Name, "Have", d.Kind, "Want", string(req.Kind)))
		}
		if req.SchedulerSet && d.Scheduler != req.Scheduler {
			return DeckAdded{}, fieldError("scheduler", req.Scheduler, i18n.E("deck.err.scheduler_fixed", "Deck", d.Name, "Have", d.Scheduler, "Want", req.Scheduler))
		}
		if err := CheckLexicon(d, lex); err != nil {
			return DeckAdded{}, err
		}
		kind = Kind(d.Kind)
	}
	fill, err := FillDeck(lex, kind, src)
	if err != nil {
		return DeckAdded{}, err
	}
	out := DeckAdded{Deck: d, Fill: fill}
	if !exists {
		out.Deck = studystore.Deck{Name: req.Name, Lexicon: lex.Name, Kind: string(kind), Scheduler: req.Scheduler,
			NewPerDay: req.NewPerDay, Source: fill.Source,
			Settings: studystore.DeckSettings{TargetMS: req.Target.Milliseconds()}}
		if req.Retention != 0 && math.Abs(req.Retention-0.9) > 1e-12 {
			out.Deck.Settings.Retention = req.Retention
		}
		// A new deck whose cards fail to go in is removed again (see CreateDeckWithCards).
		if out.Deck.ID, out.Added, err = st.CreateDeckWithCards(ctx, out.Deck, fill.Cards); err != nil {
			return DeckAdded{}, err
		}
		out.Created = true
	} else if out.Added, err = st.AddCards(ctx, out.Deck.ID, out.Deck.Lexicon, out.Deck.Kind, fill.Cards); err != nil {
		// The deck's spelling of the lexicon's name: its cards are filed under it.
		return DeckAdded{}, err
	}
	out.Total = out.Deck.Cards + out.Added
	return out, nil
}

// findDeck is the deck called name, and whether there is one.
func findDeck(ctx context.Context, st *studystore.Store, name string) (studystore.Deck, bool, error) {
	d, err := st.DeckByName(ctx, name)
	switch {
	case errors.Is(err, studystore.ErrNoDeck):
		return d, false, nil
	case err != nil:
		return d, false, err
	}
	return d, true, nil
}

// OpenDeck is the deck called name; a name no deck has is an error that says so.
func OpenDeck(ctx context.Context, st *studystore.Store, name string) (studystore.Deck, error) {
	d, ok, err := findDeck(ctx, st, name)
	if err == nil && !ok {
		err = i18n.E("deck.err.no_deck", "Deck", name)
	}
	return d, err
}

// CheckLexicon refuses a deck under another lexicon than lex: its cards' answers are those of
// its own (the error, deck.err.other_lexicon, names both; see `atril deck move`).
func CheckLexicon(d studystore.Deck, lex *lexicon.Lexicon) error {
	if lexicon.SameName(d.Lexicon, lex.Name) {
		return nil
	}
	return i18n.E("deck.err.other_lexicon", "Deck", d.Name, "Have", d.Lexicon, "Want", lex.Name)
}

// DeckQuestions are the questions of deck name's cards for a drill of kind k under lex, count of
// them (0: all) in an order drawn from seed: drilling a deck outside its schedule. The deck must
// hold k's cards, under lex.
func DeckQuestions(ctx context.Context, st *studystore.Store, lex *lexicon.Lexicon, name string, k Kind, count int, seed uint64) ([]Question, studystore.Deck, error) {
	d, err := OpenDeck(ctx, st, name)
	if err != nil {
		return nil, d, err
	}
	if d.Kind != string(k) {
		return nil, d, i18n.E("deck.err.other_kind", "Deck", d.Name, "Have", d.Kind, "Want", string(k))
	}
	if err := CheckLexicon(d, lex); err != nil {
		return nil, d, err
	}
	cards, err := st.DeckCards(ctx, d.ID)
	if err != nil {
		return nil, d, err
	}
	qs, err := FromDeck(lex, cards, count, seed)
	if err != nil {
		return nil, d, i18n.Wrap(err, "deck.err.of_deck", "Deck", d.Name)
	}
	return qs, d, nil
}

// MissDeckName is the deck the end of a drill offers for misses that make cards of kind k
// (MissKind), in p's language: missed-anagram, fallos-anagramas.
func MissDeckName(p *i18n.Printer, k Kind) string {
	switch k {
	case KindHooks:
		return p.T("drill.offer.deck.hooks")
	case KindJudge:
		return p.T("drill.offer.deck.judge")
	case KindTwos:
		return p.T("drill.offer.deck.twos")
	}
	return p.T("drill.offer.deck.anagram")
}

// missDeck is the deck that takes misses offered into name: name itself, unless it is the
// offered deck's name in one language and that deck does not exist while the offered deck of
// another language does, of kind and lex. So the misses of a player who switches language go
// on into the deck they started, not a second one.
func missDeck(ctx context.Context, st *studystore.Store, lex *lexicon.Lexicon, name string, kind Kind) (studystore.Deck, bool, error) {
	d, exists, err := findDeck(ctx, st, name)
	if exists || err != nil {
		return d, exists, err
	}
	var names []string
	for _, l := range i18n.Langs {
		names = append(names, MissDeckName(i18n.For(l), kind))
	}
	if !slices.Contains(names, name) {
		return d, false, nil
	}
	for _, other := range names {
		if other == name {
			continue
		}
		o, ok, err := findDeck(ctx, st, other)
		if err != nil {
			return d, false, err
		}
		if ok && o.Kind == string(kind) && CheckLexicon(o, lex) == nil {
			return o, true, nil
		}
	}
	return d, false, nil
}

// missWords are the tiles of the misses that make cards of a deck of kind.
func missWords(kind Kind, misses []Miss) [][]lexicon.Tile {
	var words [][]lexicon.Tile
	for _, m := range misses {
		if len(m.Tiles) > 0 && (kind != KindTwos || len(m.Tiles) == 2) && fits(kind, m.Form) {
			words = append(words, m.Tiles)
		}
	}
	return words
}

// fits reports whether a miss of a question of form f makes a card of kind k: a word to find
// an anagram card (or, two tiles long, a twos card: the twos drill asks the words of a tile),
// a word judged a judge or twos card, hooks a hooks card (a miss of no known form, any).
func fits(k Kind, f Form) bool {
	switch f {
	case FormWords:
		return k == KindAnagram || k == KindTwos
	case FormYesNo:
		return k == KindJudge || k == KindTwos
	case FormHooks:
		return k == KindHooks
	}
	return true
}

// MissKinds are the kinds of card a drill of kind k's misses make, its MissKind first: the
// digraph drill asks words to judge (the C+H trap) and racks to solve, whose misses make judge
// and anagram cards.
func MissKinds(k Kind) []Kind {
	main, ok := MissKind(k)
	if !ok {
		return nil
	}
	if k == KindDigraphs {
		return []Kind{main, KindAnagram}
	}
	return []Kind{main}
}

// MissCardsOf is how many cards of kind card the misses of a drill of kind k make.
func MissCardsOf(lex *lexicon.Lexicon, k, card Kind, misses []Miss) int {
	if !slices.Contains(MissKinds(k), card) {
		return 0
	}
	cards, err := CardKeys(lex, card, missWords(card, misses))
	if err != nil {
		return 0
	}
	return len(cards)
}

// MissCards is how many cards SaveMisses makes of a drill's misses: an anagram deck makes one
// card of all the missed words of a rack, so it can be fewer than the words missed.
func MissCards(lex *lexicon.Lexicon, k Kind, misses []Miss) int {
	kind, ok := MissKind(k)
	if !ok {
		return 0
	}
	cards, err := CardKeys(lex, kind, missWords(kind, misses))
	if err != nil {
		return 0
	}
	return len(cards)
}

// SaveMisses puts what a drill of kind k missed into deck name (created if new, as FSRS with
// the default settings), as cards of MissKind(k): the offer at the end of a drill, and
// --deck-out. Misses that make no card of that kind are left out. The deck offered by default
// is one whatever the language: offered as fallos-anagramas, the misses go on into
// missed-anagram if that is the one the player has.
func SaveMisses(ctx context.Context, st *studystore.Store, lex *lexicon.Lexicon, name string, k Kind, misses []Miss) (DeckAdded, error) {
	kind, ok := MissKind(k)
	if !ok {
		return DeckAdded{}, errDeckKind(string(k))
	}
	return SaveMissesAs(ctx, st, lex, name, k, kind, misses)
}

// SaveMissesAs puts the misses of a drill of kind k that make cards of kind kind (one of
// MissKinds(k)) into deck name, as SaveMisses does.
func SaveMissesAs(ctx context.Context, st *studystore.Store, lex *lexicon.Lexicon, name string, k, kind Kind, misses []Miss) (DeckAdded, error) {
	if !slices.Contains(MissKinds(k), kind) {
		return DeckAdded{}, errDeckKind(string(kind))
	}
	words := missWords(kind, misses)
	cards, err := CardKeys(lex, kind, words)
	if err != nil {
		return DeckAdded{}, err
	}
	d, exists, err := missDeck(ctx, st, lex, name, kind)
	if err != nil {
		return DeckAdded{}, err
	}
	if !exists {
		d = studystore.Deck{Name: name, Lexicon: lex.Name, Kind: string(kind), Scheduler: srs.Kinds[0],
			NewPerDay: DefaultNewPerDay, Source: "missed in drill " + string(k)}
	}
	// Created or appended to in one transaction: another drill filing into the same deck at
	// the same moment (it did not exist a moment ago) makes both land.
	check := func(have studystore.Deck) error {
		if have.Kind != string(kind) {
			return i18n.E("deck.err.kind_fixed", "Deck", have.Name, "Have", have.Kind, "Want", string(kind))
		}
		return CheckLexicon(have, lex)
	}
	deck, created, added, err := st.FileCards(ctx, d, cards, check)
	if err != nil {
		return DeckAdded{}, err
	}
	return DeckAdded{Deck: deck, Fill: DeckFill{Cards: cards, Words: len(words)}, Created: created, Added: added, Total: deck.Cards}, nil
}

// MissOffer is what the misses of a drill of kind k can go into: the kinds of card they make,
// the drill's own first (the digraph drill's racks make anagram cards), and how many cards in
// all. No kinds: nothing a deck can hold.
func MissOffer(lex *lexicon.Lexicon, k Kind, misses []Miss) (kinds []Kind, cards int) {
	for _, kind := range MissKinds(k) {
		if n := MissCardsOf(lex, k, kind, misses); n > 0 {
			kinds = append(kinds, kind)
			cards += n
		}
	}
	return kinds, cards
}

// FileMisses files the misses of a drill of kind k into decks, as the end of a drill offers:
// those of the first kind MissOffer names into deck name, those of another kind into the deck
// offered for that kind (MissDeckName, in p's language). It returns what each deck took.
func FileMisses(ctx context.Context, st *studystore.Store, lex *lexicon.Lexicon, p *i18n.Printer, k Kind, name string, misses []Miss) ([]DeckAdded, error) {
	kinds, _ := MissOffer(lex, k, misses)
	var out []DeckAdded
	for i, kind := range kinds {
		deck := name
		if i > 0 {
			deck = MissDeckName(p, kind)
		}
		added, err := SaveMissesAs(ctx, st, lex, deck, k, kind, misses)
		if err != nil {
			return out, err
		}
		out = append(out, added)
	}
	return out, nil
}

// DeckAddedText says what adding cards to a deck did: "deck sietes: 25 anagram cards added
// from 30 words (5 already in it); 40 cards in all, 20 new a day (FSRS)".
func DeckAddedText(p *i18n.Printer, a DeckAdded) string {
	from := p.N("deck.count.words", a.Fill.Words)
	if a.Fill.Added > 0 {
		from = p.T("deck.words_and_non_words", "Words", from, "NonWords", p.N("deck.count.non_words", a.Fill.Added))
	}
	kv := []any{"Deck", a.Deck.Name, "Cards", cardsOfKind(p, a.Deck.Kind, a.Added), "From", from,
		"Already", p.Int(len(a.Fill.Cards) - a.Added), "Total", p.N("deck.count.cards", a.Total),
		"NewPerDay", p.Int(a.Deck.NewPerDay), "Scheduler", SchedulerName(p, a.Deck.Scheduler)}
	if a.Created {
		return p.T("deck.created", kv...)
	}
	return p.T("deck.added", kv...)
}

// cardsOfKind is n cards of a deck kind: "25 anagram cards", "25 tarjetas de anagramas".
func cardsOfKind(p *i18n.Printer, kind string, n int) string {
	switch Kind(kind) {
	case KindHooks:
		return p.N("deck.count.hooks_cards", n)
	case KindJudge:
		return p.N("deck.count.judge_cards", n)
	case KindTwos:
		return p.N("deck.count.twos_cards", n)
	}
	return p.N("deck.count.anagram_cards", n)
}
