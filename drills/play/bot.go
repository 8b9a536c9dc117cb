package play

import (
	"context"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/endgame"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/engine/sim"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// Levels of the engine opponent: 1 to 3 play the highest-scoring play of the words they know
// (a newcomer's vocabulary, a club player's, the whole lexicon); 4 the best static equity with
// the learned leaves, exchanging only when no play is worth more than its rack (it does not
// weigh which tiles to change); 5 weighs exchanges too, simulates its best plays, and solves
// pre-endgames and endgames.
const (
	MinLevel = 1
	MaxLevel = 5
	// DefaultLevel is the strongest static player: quick, and as strong as the learned leaves.
	DefaultLevel = 4
	// DefaultThink is level 5's safety cap on a turn: its budget is counted in work (simulation
	// iterations, exact solves), so that a game is the same from the same seed; a turn that
	// reaches the cap first stops there with the best found so far and says so (Bot.Last).
	DefaultThink = 5 * time.Second
)

// Vocabularies of levels 1 and 2: the most probable words of each length, as many as a
// newcomer and a club player know (the default lexicon has 91 two-tile words, 548 of three,
// 3,475 of four, 12,344 of five, 28,447 of six, 53,751 of seven, 79,188 of eight).
var (
	smallVocabulary  = map[int]int{2: 60, 3: 300, 4: 1500, 5: 3000, 6: 3000, 7: 2000, 8: 1000}
	mediumVocabulary = map[int]int{2: 91, 3: 548, 4: 3475, 5: 8000, 6: 12000, 7: 15000, 8: 10000, 9: 3000}
)

// BotConfig makes an engine player.
type BotConfig struct {
	Lexicon *lexicon.Lexicon
	Layout  *engine.Layout // nil: the standard board
	Level   int
	// Leaves are the learned leaves of levels 4 and 5 (nil: the hand-set model, which level 3
	// always uses).
	Leaves equity.Leaves
	// Think is level 5's safety cap on a turn (0: DefaultThink); Sim its budget (zero fields:
	// DefaultSim); Workers its goroutines (0: one per CPU).
	Think   time.Duration
	Sim     SimBudget
	Workers int
	Seed    uint64
}

// Bot is the engine player of one level. It is not safe for concurrent use.
type Bot struct {
	cfg    BotConfig
	gen    *movegen.Generator
	leaves equity.Leaves
	by     movegen.SortBy
	known  *knownWords // levels 1 and 2: the words it knows
	sim    *sim.Simulator
	eg     *endgame.Solver
	egCfg  endgame.Config
	// egNodes is the exact endgame's node budget a turn (endgameNodes; tests set less).
	egNodes uint64
	// last is how the last turn was chosen.
	last Thought
}

// NewBot makes the engine player of a level.
func NewBot(cfg BotConfig) (*Bot, error) {
	if cfg.Level < MinLevel || cfg.Level > MaxLevel {
		return nil, i18n.E("play.bad_level", "Level", cfg.Level, "Min", MinLevel, "Max", MaxLevel)
	}
	if cfg.Layout == nil {
		cfg.Layout = engine.StandardLayout()
	}
	if cfg.Think <= 0 {
		cfg.Think = DefaultThink
	}
	cfg.Sim = cfg.Sim.withDefaults()
	ts := cfg.Lexicon.Tiles
	b := &Bot{cfg: cfg, gen: movegen.New(cfg.Lexicon.Graph, ts, cfg.Layout), by: movegen.ByEquity, egNodes: endgameNodes}
	switch cfg.Level {
	case 1:
		b.by = movegen.ByScore
		b.known = newKnownWords(cfg.Lexicon, smallVocabulary)
	case 2:
		b.by = movegen.ByScore
		b.known = newKnownWords(cfg.Lexicon, mediumVocabulary)
	case 3:
		b.by = movegen.ByScore
	default:
		b.leaves = cfg.Leaves
		if b.leaves == nil {
			b.leaves = equity.NewDefault(ts)
		}
	}
	if cfg.Level == 5 {
		if err := b.prepareLevel5(); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// Level is the bot's level.
func (b *Bot) Level() int { return b.cfg.Level }

// Choose picks the move of the player to move in g. Only a cancelled ctx makes it fail.
func (b *Bot) Choose(ctx context.Context, g *game.Game) (engine.Move, error) {
	start := time.Now()
	b.last = Thought{How: ByStatic}
	defer func() { b.last.Elapsed = time.Since(start) }()
	rack := g.Rack()
	bag := g.Bag.Len()
	b.gen.SetBoard(g.Board)
	if b.by == movegen.ByScore {
		return b.greedy(rack, bag, g.Board), nil
	}
	opts := movegen.SideToMove(bag, b.leaves)
	opts.Top = 1
	if b.cfg.Level != 5 {
		opts.Exchanges = 0 // level 4 does not weigh exchanges
	}
	if b.cfg.Level == 5 {
		if m, ok, err := b.think(ctx, g, opts, start); ok || err != nil {
			return m, err
		}
	}
	moves := b.gen.Generate(rack, opts)
	if len(moves) == 0 || (moves[0].Kind == engine.Pass && opts.Exchanges == 0) {
		// Level 4 does not weigh exchanges: with no play worth more than keeping the rack, it
		// changes the whole rack while the bag allows it.
		return b.noPlay(rack, bag), nil
	}
	return moves[0], nil
}

// noPlay is the turn of a player who finds no play: an exchange of the whole rack while the
// bag allows it, else a pass.
func (b *Bot) noPlay(rack []lexicon.Tile, bag int) engine.Move {
	if bag >= len(rack) && len(rack) > 0 {
		m := engine.Move{Kind: engine.Exchange, Len: uint8(len(rack))}
		copy(m.Tiles[:], rack)
		return m
	}
	return engine.Move{Kind: engine.Pass}
}

// greedy is levels 1 and 2: the highest-scoring play of the words it knows; with no play, an
// exchange of the whole rack while the bag allows it, else a pass.
func (b *Bot) greedy(rack []lexicon.Tile, bag int, board *engine.Board) engine.Move {
	ts := b.cfg.Lexicon.Tiles
	if b.known == nil {
		moves := b.gen.Generate(rack, movegen.Options{By: movegen.ByScore, Top: 1})
		if len(moves) > 0 {
			return moves[0]
		}
	} else {
		moves := b.gen.Generate(rack, movegen.Options{By: movegen.ByScore, Sort: true})
		for i := range moves {
			if v := engine.Check(board, &moves[i], ts, b.known, nil); v.Legal {
				return moves[i]
			}
		}
	}
	return b.noPlay(rack, bag)
}

// knownWords is a vocabulary: the lexicon's words of 2 to 8 tiles among the most probable of
// their length (a blank counts as the letter it is played as).
type knownWords struct {
	lex *lexicon.Lexicon
	// min is the fewest combinations a known word of each length has (0: no word known).
	min [16]uint64
}

func newKnownWords(lex *lexicon.Lexicon, quota map[int]int) *knownWords {
	k := &knownWords{lex: lex}
	for n, q := range quota {
		top := lex.TopByProbability(n, q)
		if len(top) == 0 {
			continue
		}
		k.min[n] = max(1, lex.Tiles.Combinations(top[len(top)-1]))
	}
	return k
}

// Contains reports whether the word is one the vocabulary knows.
func (k *knownWords) Contains(w []lexicon.Tile) bool {
	n := len(w)
	if n >= len(k.min) || k.min[n] == 0 || !k.lex.Contains(w) {
		return false
	}
	return k.lex.Tiles.Combinations(w) >= k.min[n]
}
