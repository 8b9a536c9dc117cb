package puzzles

import (
	"context"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/puzzles/puzzletag"
)

// KindNames are the puzzle kinds' names, as ParseKind reads them.
func KindNames() []string {
	out := make([]string, 0, len(AllKinds))
	for _, k := range AllKinds {
		out = append(out, string(k))
	}
	return out
}

// ValueError: a puzzle kind, tag or source, as typed, names none. Field says which ("kind",
// "tag", "source"), so that a front end can say where it was typed.
type ValueError struct {
	Field string
	Value string
	err   error
}

func valueError(field, value string) *ValueError {
	e := &ValueError{Field: field, Value: value}
	switch field {
	case "tag":
		e.err = i18n.E("puzzle_request.err.tag", "Value", value)
	case "source":
		e.err = i18n.E("puzzle_request.err.source", "Value", value)
	default:
		e.err = i18n.E("puzzle_request.err.kind", "Value", value)
	}
	return e
}

func (e *ValueError) Error() string { return e.err.Error() }
func (e *ValueError) Unwrap() error { return e.err }

// ParseKinds reads kinds by name (ParseKind); the first unknown one is a *ValueError.
func ParseKinds(names []string) ([]Kind, error) {
	var out []Kind
	for _, s := range names {
		k, ok := ParseKind(s)
		if !ok {
			return nil, valueError("kind", s)
		}
		out = append(out, k)
	}
	return out, nil
}

// ParseTags reads tags by identifier or name (puzzletag.Parse); the first unknown one is a
// *ValueError.
func ParseTags(names []string) ([]puzzletag.Tag, error) {
	var out []puzzletag.Tag
	for _, s := range names {
		t, ok := puzzletag.Parse(s)
		if !ok {
			return nil, valueError("tag", s)
		}
		out = append(out, t)
	}
	return out, nil
}

// FilterSpec is a Filter as typed: a kind, a tag, a source and a deck, by name, each "" for
// any.
type FilterSpec struct {
	Kind, Tag, Source, Deck string
}

// Filter reads the spec, the deck's cards from st; an unknown kind, tag or source is a
// *ValueError, checked before the deck is looked up.
func (s FilterSpec) Filter(ctx context.Context, st *studystore.Store) (Filter, error) {
	var out Filter
	if s.Kind != "" {
		k, ok := ParseKind(s.Kind)
		if !ok {
			return out, valueError("kind", s.Kind)
		}
		out.Kind = k
	}
	if s.Tag != "" {
		t, ok := puzzletag.Parse(s.Tag)
		if !ok {
			return out, valueError("tag", s.Tag)
		}
		out.Tag = t
	}
	if s.Source != "" {
		src, ok := ParseSource(s.Source)
		if !ok {
			return out, valueError("source", s.Source)
		}
		out.Source = src
	}
	if s.Deck != "" {
		d, err := LoadDeckFilter(ctx, st, s.Deck)
		if err != nil {
			return out, err
		}
		out.Deck = d
	}
	return out, nil
}

// GenSpec is a new generation run as asked for: GenOptions with kinds and tags by name and the
// simulation's check switched off by NoSim.
type GenSpec struct {
	SelfPlay      int
	Seed          uint64
	GCG           []string
	Player        string
	MinLoss       float64 // kept only with a Player
	CGP           string
	Kinds         []string
	Tags          []string
	Deck          string // keep puzzles whose answer is a word of this deck ("": all)
	Margin        float64
	Accept        float64
	NoSim         bool
	SimCandidates int
	SimIterations int
	SimPlies      int
	Disagree      string
	Limit         int
	Exact         ExactOptions
}

var (
	// ErrSimOptions: a simulation needs 2 candidates or more, 1 iteration and 1 ply or more.
	ErrSimOptions = i18n.E("puzzle_request.err.sim")
	// ErrExactOptions: an exact solve's margin, tile limit, candidates and accepted spread are not
	// negative (Nodes cannot be).
	ErrExactOptions = i18n.E("puzzle_request.err.exact")
)

// Options are the run's options: ErrSimOptions, ErrExactOptions or a *ValueError when the spec
// cannot be run. (NewPlan checks the rest, with the inputs.)
func (s GenSpec) Options() (GenOptions, error) {
	o := GenOptions{SelfPlay: s.SelfPlay, Seed: s.Seed, Player: s.Player, CGP: s.CGP, Deck: s.Deck,
		Margin: s.Margin, Accept: s.Accept, Verify: !s.NoSim, Limit: s.Limit, GCG: s.GCG,
		Sim: VerifyOptions{Candidates: s.SimCandidates, Iterations: s.SimIterations, Plies: s.SimPlies, Disagree: s.Disagree}}
	if o.Player != "" {
		o.MinLoss = s.MinLoss
	}
	if s.SimCandidates < 2 || s.SimIterations < 1 || s.SimPlies < 1 {
		return o, ErrSimOptions
	}
	if s.Exact.Margin < 0 || s.Exact.MaxTiles < 0 || s.Exact.Candidates < 0 || s.Exact.Accept < 0 {
		return o, ErrExactOptions
	}
	o.Exact = s.Exact
	var err error
	if o.Kinds, err = ParseKinds(s.Kinds); err != nil {
		return o, err
	}
	o.Tags, err = ParseTags(s.Tags)
	return o, err
}

// DeckFilterNamed is LoadDeckFilter, nil for no name.
func DeckFilterNamed(ctx context.Context, st *studystore.Store, name string) (*DeckFilter, error) {
	if name == "" {
		return nil, nil
	}
	return LoadDeckFilter(ctx, st, name)
}
