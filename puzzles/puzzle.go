// Package puzzles makes, serves and rates board puzzles: find the bingo (every placement of the
// rack's seven tiles on the board) and find the best play (the engine's best by equity, checked
// by a Monte Carlo simulation), from engine self-play, game records (a player's own mistakes)
// and single positions. Puzzles live in the study store with their lexicon and tile set; the
// player and every puzzle have a Glicko-2 rating, moved by the first attempt at each puzzle.
//
// It owns puzzle statistics (ReadOverview); it must not import drills, stats or a front end (cmd,
// internal/web).
package puzzles

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/puzzles/puzzletag"
)

// Kind is what a puzzle asks.
type Kind string

const (
	KindBingo Kind = "bingo" // find the bingo: every placement of all seven tiles is an answer
	KindBest  Kind = "best"  // find the best play by equity
)

// Kinds are the puzzle kinds, in the order generation prefers them for a position.
var Kinds = []Kind{KindBingo, KindBest}

// ParseKind reads "bingo", "best", "endgame" or "preendgame".
func ParseKind(s string) (Kind, bool) {
	switch k := Kind(strings.ToLower(strings.TrimSpace(s))); k {
	case KindBingo, KindBest, KindEndgame, KindPreEndgame:
		return k, true
	}
	return "", false
}

// powerTiles are the Spanish power tiles, by label.
var powerTiles = []string{"CH", "LL", "RR", "Ñ", "J", "Q", "X", "Z"}

// Source is where a puzzle comes from.
type Source string

const (
	SourceSelfPlay Source = "selfplay"
	SourceGCG      Source = "gcg"
	SourceCGP      Source = "cgp"
)

// ParseSource reads "selfplay", "gcg" or "cgp".
func ParseSource(s string) (Source, bool) {
	switch src := Source(strings.ToLower(strings.TrimSpace(s))); src {
	case SourceSelfPlay, SourceGCG, SourceCGP:
		return src, true
	}
	return "", false
}

// Play is a move as a puzzle stores and shows it.
type Play struct {
	Move   string  `json:"move"`             // notation, board tiles in parentheses: "8H CA(SA)", "-ABC", "-"
	Coords string  `json:"coords,omitempty"` // "8H" across, "H8" down; "" for an exchange or pass
	Word   string  `json:"word,omitempty"`   // the whole word in plain upper case, board tiles included
	Score  int     `json:"score"`
	Equity float64 `json:"equity"`
	Loss   float64 `json:"loss"` // equity below the engine's best
	Leave  string  `json:"leave"`
	Tiles  int     `json:"tiles"` // tiles placed
	// Key identifies the play whatever way it is written: the squares and letters placed (or
	// the tiles exchanged). See playKey.
	Key string `json:"key"`
}

// Bingo reports whether the play uses all seven tiles.
func (p *Play) Bingo() bool { return p.Tiles == engine.RackSize }

// SimPlay is one candidate's simulated figures.
type SimPlay struct {
	Move       string  `json:"move"`
	Key        string  `json:"key"`
	Static     float64 `json:"static"`
	Equity     float64 `json:"equity"`
	EquitySE   float64 `json:"equity_se"`
	Win        float64 `json:"win"`
	WinSE      float64 `json:"win_se"`
	Iterations int     `json:"iterations"`
	Dropped    bool    `json:"dropped,omitempty"`
}

// Verification outcomes.
const (
	Confirmed = "confirmed" // the simulated winner is the static answer
	Replaced  = "replaced"  // it is not: the simulated winner is the answer
)

// Verification is what the simulation said about a best-play puzzle.
type Verification struct {
	Outcome    string    `json:"outcome"`
	Plies      int       `json:"plies"`
	Iterations int       `json:"iterations"`
	Static     string    `json:"static,omitempty"` // the static answer, when replaced
	Plays      []SimPlay `json:"plays"`            // best simulated equity first
}

// Data is what a puzzle stores beyond its columns (as JSON).
type Data struct {
	// Answers: every bingo placement of a bingo puzzle, best equity first; the answer of a
	// best-play puzzle.
	Answers []Play `json:"answers"`
	// Accepted: other plays also taken as right (near-equal plays of a best-play puzzle), as
	// Accept judged them when the puzzle was made.
	Accepted []Play `json:"accepted,omitempty"`
	// Accept is the tolerance of Accept (the --accept the puzzle was made with); nil for
	// puzzles made before it was recorded (DefaultAccept).
	Accept *float64 `json:"accept,omitempty"`
	// Top: the engine's best plays by static equity, with their loss.
	Top []Play        `json:"top"`
	Sim *Verification `json:"sim,omitempty"`
	// Played: the move made in the game (game records), with its equity loss.
	Played *Play `json:"played,omitempty"`
	Bag    int   `json:"bag"`
	// Exact: an endgame or pre-endgame puzzle's values (see endgame.go).
	Exact *ExactData `json:"exact,omitempty"`
}

// Puzzle is a puzzle.
type Puzzle struct {
	ID         int64
	Kind       Kind
	Position   *engine.Position // the opponent's rack hidden
	Lexicon    string
	Tiles      string
	Source     Source
	SourceRef  string
	Player     string
	Tags       []puzzletag.Tag
	Difficulty float64
	Rating     Rating
	Rated      int
	// Leaves is the leave table the puzzle was made with: its equities are that table's. Only
	// the name and checksum are stored; both are "" for a puzzle stored before atril recorded
	// them, until Service recognises its table.
	Leaves equity.TableInfo
	// Valued says how the plays typed as answers are valued; set by Service when it serves the
	// puzzle.
	Valued Valuation
	Data
	// solve values an exact puzzle's play that it does not list (set by Service); nil: such a
	// play is only known to be below the answer.
	solve func(m engine.Move) (*ExactPlay, error)
}

// Valuation is the leave table a served puzzle's answers are valued with.
type Valuation struct {
	// InUse is the table the commands use now (the service's).
	InUse equity.TableInfo
	// Own: the puzzle's own table values the answers (InUse or another this atril has). When
	// false this atril does not have it (or, for a puzzle stored before the tables were
	// recorded, none of its tables gives the stored equities), InUse values them, and their
	// equity may not match the puzzle's figures.
	Own    bool
	leaves equity.Leaves
}

// Rack is the rack to play, in alphagram order.
func (p *Puzzle) Rack() []lexicon.Tile { return lexicon.Alphagram(p.Position.Racks[0]) }

// HasTag reports whether the puzzle has tag t.
func (p *Puzzle) HasTag(t puzzletag.Tag) bool { return slices.Contains(p.Tags, t) }

// positionKey is the board and the rack: what makes two puzzles the same position.
func positionKey(pos *engine.Position) string {
	return engine.BoardCGP(pos.Board, pos.Tiles) + " " + pos.Tiles.Notation(lexicon.Alphagram(pos.Racks[0]))
}

// playKey identifies a play by what it puts where: "r.c.letter" for each tile placed, along
// the word; an exchange is "x" and its tiles in alphagram order; a pass "-". Which tile is
// the blank is left out: two plays that differ only there keep the same rack and are told
// apart by their score.
func playKey(m *engine.Move) string {
	switch m.Kind {
	case engine.Pass:
		return "-"
	case engine.Exchange:
		var sb strings.Builder
		sb.WriteByte('x')
		for _, t := range lexicon.Alphagram(m.Tiles[:m.Len]) {
			sb.WriteString("." + strconv.Itoa(int(t)))
		}
		return sb.String()
	}
	var parts []string
	r, c := int(m.Row), int(m.Col)
	for i := 0; i < int(m.Len); i++ {
		if t := m.Tiles[i]; t != engine.PlayedThrough {
			parts = append(parts, fmt.Sprintf("%d.%d.%d", r, c, t.Letter()))
		}
		if m.Vertical {
			r++
		} else {
			c++
		}
	}
	slices.Sort(parts)
	return strings.Join(parts, "|")
}

// transposedKey is the key of the play mirrored on the board's diagonal: the first play of a
// game may be written across or down.
func transposedKey(m *engine.Move) string {
	t := *m
	t.Row, t.Col, t.Vertical = m.Col, m.Row, !m.Vertical
	return playKey(&t)
}

// record turns the puzzle into a store row.
func (p *Puzzle) record(ts *lexicon.TileSet) (studystore.PuzzleRecord, error) {
	data, err := json.Marshal(p.Data)
	if err != nil {
		return studystore.PuzzleRecord{}, err
	}
	rec := studystore.PuzzleRecord{
		ID: p.ID, Lexicon: p.Lexicon, Tiles: p.Tiles, Kind: string(p.Kind), PositionKey: positionKey(p.Position),
		CGP: p.Position.CGP(), Rack: ts.Notation(p.Rack()), Source: string(p.Source), SourceRef: p.SourceRef,
		Player: p.Player, Difficulty: p.Difficulty, Rating: studystore.PuzzleRating(p.Rating), Data: data,
	}
	if p.Sim != nil {
		rec.Verification = p.Sim.Outcome
	}
	rec.Leaves, rec.LeavesChecksum = p.Leaves.Name, p.Leaves.Checksum
	for _, t := range p.Tags {
		rec.Tags = append(rec.Tags, string(t))
	}
	rec.Words = answerWords(p, ts)
	return rec, nil
}

// answerWords are the words of the answers (every bingo word; the answer's main word), as deck
// cards key them.
func answerWords(p *Puzzle, ts *lexicon.TileSet) []studystore.PuzzleWord {
	var out []studystore.PuzzleWord
	seen := map[string]bool{}
	for _, a := range p.Answers {
		if a.Word == "" {
			continue
		}
		w, err := ts.ParseWord(a.Word)
		if err != nil {
			continue
		}
		key := ts.Notation(w)
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, studystore.PuzzleWord{Word: key, Alphagram: ts.Notation(lexicon.Alphagram(w))})
	}
	return out
}

// fromRecord reads a stored puzzle under a tile set.
func fromRecord(rec studystore.PuzzleRecord, ts *lexicon.TileSet, layout *engine.Layout) (*Puzzle, error) {
	pos, err := engine.ParseCGP(rec.CGP, ts, layout)
	if err != nil {
		return nil, fmt.Errorf("puzzle %d: %w", rec.ID, err)
	}
	p := &Puzzle{
		ID: rec.ID, Kind: Kind(rec.Kind), Position: pos, Lexicon: rec.Lexicon, Tiles: rec.Tiles, Source: Source(rec.Source),
		SourceRef: rec.SourceRef, Player: rec.Player, Difficulty: rec.Difficulty, Rating: Rating(rec.Rating), Rated: rec.Rated,
		Leaves: equity.TableInfo{Name: rec.Leaves, Checksum: rec.LeavesChecksum},
	}
	for _, t := range rec.Tags {
		p.Tags = append(p.Tags, puzzletag.Tag(t))
	}
	if err := json.Unmarshal(rec.Data, &p.Data); err != nil {
		return nil, fmt.Errorf("puzzle %d: %w", rec.ID, err)
	}
	return p, nil
}
