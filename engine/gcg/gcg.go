// Package gcg reads and writes GCG game records, the text format of Quackle, macondo and
// Woogles:
//
//	#character-encoding UTF-8
//	#player1 ana Ana Pérez
//	#player2 beto Beto Gil
//	#lexicon FILE2017
//	>ana: ABCO?EI 8F BOCA +16 16
//	>beto: AEIRSTU -AEIU +0 0
//	>ana: ?EIRSTU - +0 16
//	>beto: ... -- -12 0              (a play withdrawn after a challenge)
//	>ana: ... (challenge) +5 21      (challenge bonus)
//	>ana: (AE) +2 90                  (the opponent's rack, won by going out)
//	>beto: AE (AE) -2 70              (a rack's value lost at the end)
//
// Tiles are spelled as macondo and Woogles write Spanish (their alphabet labels the digraph
// tiles "[CH]", "[LL]", "[RR]"): a digraph tile only in brackets ([ll] a blank LL), every plain
// letter its own tile ("LL" is two L tiles), blanks in lower case, tiles already on the board
// as '.'. macondo announces this with "#tile [CH] [ch]" pragmas (written here too). A file
// with no bracket at all (typed by hand) is read the way players write: CHARRO = CH A RR O.
//
// Like all of engine/, it must not import drills, puzzles, stats, internal/studystore or a front
// end.
package gcg

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// Kind is what an event line records.
type Kind uint8

const (
	Play           Kind = iota // >p: RACK COORD WORD +score total
	Exchange                   // >p: RACK -TILES +0 total (or -N: N tiles, unknown)
	Pass                       // >p: RACK - +0 total
	PhonyReturned              // >p: RACK -- -score total
	ChallengeBonus             // >p: RACK (challenge) +bonus total
	EndRackPoints              // >p: (RACK) +points total
	RackPenalty                // >p: RACK (RACK) -points total
	TimePenalty                // >p: RACK (time) -points total
)

// Player is a #player line.
type Player struct {
	Nick, Name string
}

// Event is one '>' line.
type Event struct {
	Kind       Kind
	Player     int            // 0 or 1
	Rack       []lexicon.Tile // the rack before the turn ('?' blanks), may be empty
	Move       engine.Move    // Play: coordinates and tiles; Exchange: the tiles put back
	Exchanged  int            // Exchange: how many tiles (also when they are not named)
	OtherRack  []lexicon.Tile // EndRackPoints and RackPenalty: the rack in parentheses
	Score      int            // signed: what this event adds to the player's total
	Cumulative int
	Note       string
	Line       int
}

// Game is a GCG file.
type Game struct {
	Players     [2]Player
	Lexicon     string
	Title       string
	Description string
	ID          string // "#id AUTHORITY ID", as written
	Pragmas     []string
	Events      []Event
	// Spelling is how the file spells digraph tiles (Read sets it; Write always brackets).
	Spelling engine.Spelling
	// File is the name Read was given, for errors found later (Replay).
	File string
}

// Error is a GCG problem at a line of a file: the file, the line (0: the file as a whole), the
// line's text when it helps (only its start is quoted) and what is wrong (a catalogue error).
// It reads in the reader's language through i18n.Printer.Err.
type Error struct {
	File   string
	Line   int
	Text   string
	Reason error
}

func (e *Error) message() error {
	switch {
	case e.Line == 0:
		return i18n.E("gcg.in_file", "File", e.File, "Err", e.Reason)
	case e.Text == "":
		return i18n.E("gcg.at_line", "File", e.File, "Line", e.Line, "Err", e.Reason)
	}
	return i18n.E("gcg.at_line_text", "File", e.File, "Line", e.Line, "Err", e.Reason, "Text", i18n.Quote(e.Text))
}

func (e *Error) Error() string { return e.message().Error() }

// Unwrap is the message itself, so that i18n.Printer.Err shows it in the reader's language.
func (e *Error) Unwrap() error { return e.message() }

const (
	// MaxLine is the longest line read (a move line is under a hundred bytes, a note a few
	// hundred): a longer one is not a GCG line.
	MaxLine = 64 << 10
	// MaxSize is the largest file read: a game with notes is a few kilobytes.
	MaxSize = 4 << 20
)

// Read parses a GCG file. file names it in errors. Lines are UTF-8 or Latin-1.
func Read(r io.Reader, file string, ts *lexicon.TileSet) (*Game, error) {
	g := &Game{File: file}
	sc := fileio.NewScanner(r, file, MaxSize, MaxLine)
	var lines []string
	for sc.Scan() {
		text := strings.TrimSpace(lexicon.DecodeLine(sc.Bytes()))
		if len(lines) == 0 {
			text = strings.TrimPrefix(text, "\ufeff")
		}
		lines = append(lines, text)
		// macondo's and Woogles's files (macondo's gcgio writes both) say how they spell: a
		// bracketed digraph, "#tile [CH] [ch]" or "#tile-distribution spanish".
		if strings.HasPrefix(text, ">") && strings.Contains(text, "[") || strings.HasPrefix(text, "#tile ") || strings.HasPrefix(text, "#tile-distribution ") {
			g.Spelling = engine.Bracketed
		}
	}
	if err := sc.Err(); err != nil {
		switch {
		case errors.As(err, new(*fileio.LineTooLongError)):
			return nil, &Error{File: file, Line: len(lines) + 1, Reason: i18n.E("gcg.line_too_long", "Max", MaxLine>>10)}
		case errors.As(err, new(*fileio.TooBigError)):
			return nil, &Error{File: file, Line: len(lines) + 1, Reason: i18n.E("gcg.too_big", "Max", MaxSize>>20)}
		}
		return nil, i18n.Wrap(err, "gcg.read", "File", file)
	}
	line := 0
	seen := [2]bool{}
	for _, text := range lines {
		line++
		bad := func(reason error) error {
			return &Error{File: file, Line: line, Text: text, Reason: reason}
		}
		switch {
		case text == "":
			continue
		case strings.HasPrefix(text, "#"):
			name, arg, _ := strings.Cut(text[1:], " ")
			arg = strings.TrimSpace(arg)
			switch name {
			case "player1", "player2":
				i := int(name[6] - '1')
				nick, real, _ := strings.Cut(arg, " ")
				if nick == "" {
					return nil, bad(i18n.E("gcg.no_nick", "Pragma", name))
				}
				g.Players[i] = Player{Nick: nick, Name: strings.TrimSpace(real)}
				seen[i] = true
			case "lexicon":
				g.Lexicon = arg
			case "title":
				g.Title = arg
			case "description":
				g.Description = arg
			case "id":
				g.ID = arg
			case "note":
				if n := len(g.Events); n > 0 {
					g.Events[n-1].Note = joinNote(g.Events[n-1].Note, arg)
				} else {
					g.Pragmas = append(g.Pragmas, text)
				}
			case "-":
				// A continuation of the previous note.
				if n := len(g.Events); n > 0 {
					g.Events[n-1].Note = joinNote(g.Events[n-1].Note, arg)
				}
			case "character-encoding":
				if u := strings.ToUpper(arg); u != "UTF-8" && u != "ISO-8859-1" && u != "LATIN1" && u != "LATIN-1" {
					return nil, bad(i18n.E("gcg.encoding", "Encoding", i18n.Quote(arg)))
				}
			default:
				g.Pragmas = append(g.Pragmas, text)
			}
		case strings.HasPrefix(text, ">"):
			if !seen[0] || !seen[1] {
				return nil, bad(i18n.E("gcg.move_before_players"))
			}
			ev, err := parseEvent(text, g, ts, g.Spelling)
			if err != nil {
				return nil, bad(err)
			}
			ev.Line = line
			g.Events = append(g.Events, ev)
		default:
			return nil, bad(i18n.E("gcg.not_a_line"))
		}
	}
	if !seen[0] || !seen[1] {
		what := "gcg.no_players"
		switch {
		case seen[0]:
			what = "gcg.no_player2"
		case seen[1]:
			what = "gcg.no_player1"
		case len(g.Pragmas) == 0 && g.Lexicon == "" && g.Title == "":
			what = "gcg.no_game"
		}
		return nil, &Error{File: file, Reason: i18n.E("gcg.not_a_game", "What", i18n.E(what))}
	}
	if g.Players[0].Nick == g.Players[1].Nick {
		return nil, &Error{File: file, Line: line, Reason: i18n.E("gcg.same_nick", "Nick", g.Players[0].Nick)}
	}
	return g, nil
}

func joinNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n" + b
}

func parseEvent(text string, g *Game, ts *lexicon.TileSet, sp engine.Spelling) (Event, error) {
	var ev Event
	nick, rest, ok := strings.Cut(text[1:], ":")
	if !ok {
		return ev, i18n.E("gcg.no_colon")
	}
	switch strings.TrimSpace(nick) {
	case g.Players[0].Nick:
		ev.Player = 0
	case g.Players[1].Nick:
		ev.Player = 1
	default:
		return ev, i18n.E("gcg.unknown_player", "Nick", i18n.Quote(nick), "Player1", g.Players[0].Nick, "Player2", g.Players[1].Nick)
	}
	f := strings.Fields(rest)
	if len(f) < 2 {
		return ev, i18n.E("gcg.too_few_fields")
	}
	// The last two fields are always the score and the cumulative total.
	total, err := strconv.Atoi(f[len(f)-1])
	if err != nil {
		return ev, i18n.E("gcg.total", "Text", i18n.Quote(f[len(f)-1]))
	}
	ev.Cumulative = total
	scoreField := f[len(f)-2]
	score, err := strconv.Atoi(strings.TrimPrefix(scoreField, "+"))
	if err != nil || (scoreField[0] != '+' && scoreField[0] != '-') {
		return ev, i18n.E("gcg.score", "Text", i18n.Quote(scoreField))
	}
	ev.Score = score
	f = f[:len(f)-2]
	if len(f) == 1 && strings.HasPrefix(f[0], "-") {
		f = []string{"", f[0]} // a turn written without its rack
	}
	rack := func(s string) ([]lexicon.Tile, error) {
		t, err := sp.Parse(ts, strings.ToUpper(s), lexicon.ParseOptions{AllowBlank: true})
		if err != nil {
			return nil, i18n.E("gcg.rack", "Text", i18n.Quote(s), "Err", err)
		}
		return t, nil
	}
	paren := func(s string) (string, bool) {
		if len(s) >= 2 && s[0] == '(' && s[len(s)-1] == ')' {
			return s[1 : len(s)-1], true
		}
		return "", false
	}
	// End rack points: >p: (RACK) +N T
	if len(f) == 1 {
		if inner, ok := paren(f[0]); ok && inner != "challenge" && inner != "time" {
			ev.Kind = EndRackPoints
			ev.OtherRack, err = rack(inner)
			return ev, err
		}
	}
	// Challenge bonus and time penalty may come without a rack.
	if len(f) >= 1 && (f[len(f)-1] == "(challenge)" || f[len(f)-1] == "(time)") && len(f) <= 2 {
		ev.Kind = ChallengeBonus
		if f[len(f)-1] == "(time)" {
			ev.Kind = TimePenalty
			ev.Score = -abs(ev.Score)
		}
		if len(f) == 2 {
			ev.Rack, err = rack(f[0])
		}
		return ev, err
	}
	if len(f) < 2 {
		return ev, i18n.E("gcg.too_few_fields")
	}
	if ev.Rack, err = rack(f[0]); err != nil {
		return ev, err
	}
	switch {
	case len(f) == 2 && f[1] == "-":
		ev.Kind = Pass
		ev.Move.Kind = engine.Pass
	case len(f) == 2 && f[1] == "--":
		ev.Kind = PhonyReturned
		ev.Score = -abs(ev.Score)
	case len(f) == 2 && strings.HasPrefix(f[1], "-"):
		ev.Kind = Exchange
		ev.Move.Kind = engine.Exchange
		if n, err := strconv.Atoi(f[1][1:]); err == nil {
			if n < 1 || n > engine.RackSize {
				return ev, i18n.E("gcg.exchange_count", "Count", n, "Max", engine.RackSize)
			}
			ev.Exchanged = n
			return ev, nil
		}
		m, err := sp.ParseMove(f[1], nil, ts)
		if err != nil {
			return ev, err
		}
		ev.Move = m
		ev.Exchanged = int(m.Len)
	case len(f) == 2:
		if inner, ok := paren(f[1]); ok {
			// RACK (RACK) -N loses a rack's value; RACK (RACK) +N wins the opponent's.
			ev.Kind = RackPenalty
			if scoreField[0] == '+' {
				ev.Kind = EndRackPoints
			}
			ev.OtherRack, err = rack(inner)
			return ev, err
		}
		return ev, i18n.E("gcg.not_a_move", "Text", i18n.Quote(f[1]))
	case len(f) == 3:
		ev.Kind = Play
		m, err := sp.ParseMove(f[1]+" "+f[2], nil, ts)
		if err != nil {
			return ev, err
		}
		if m.Kind != engine.Play {
			return ev, i18n.E("gcg.not_a_play", "Text", i18n.Quote(f[1]+" "+f[2]))
		}
		ev.Move = m
		ev.Move.Score = int32(ev.Score)
	default:
		return ev, i18n.E("gcg.too_many_fields")
	}
	return ev, nil
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Write writes the game as GCG (UTF-8), the way Woogles writes Spanish games.
func (g *Game) Write(w io.Writer, ts *lexicon.TileSet) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "#character-encoding UTF-8")
	for i, p := range g.Players {
		name := p.Name
		if name == "" {
			name = p.Nick
		}
		fmt.Fprintf(bw, "#player%d %s %s\n", i+1, p.Nick, name)
	}
	if g.Title != "" {
		fmt.Fprintln(bw, "#title "+g.Title)
	}
	if g.Description != "" {
		fmt.Fprintln(bw, "#description "+g.Description)
	}
	if g.ID != "" {
		fmt.Fprintln(bw, "#id "+g.ID)
	}
	if g.Lexicon != "" {
		fmt.Fprintln(bw, "#lexicon "+g.Lexicon)
	}
	hasTilePragma, hasDistribution := false, false
	for _, p := range g.Pragmas {
		fmt.Fprintln(bw, p)
		hasTilePragma = hasTilePragma || strings.HasPrefix(p, "#tile ")
		hasDistribution = hasDistribution || strings.HasPrefix(p, "#tile-distribution ")
	}
	if !hasDistribution && ts.Name == lexicon.DefaultTileSetName {
		// The FISE set is macondo's "spanish" distribution (same tiles, counts and points).
		fmt.Fprintln(bw, "#tile-distribution spanish")
	}
	if !hasTilePragma {
		// As macondo does: name the multi-letter tiles, which also tells readers that plain
		// letters are single tiles.
		for t := 1; t < ts.Size(); t++ {
			if l := ts.Label(lexicon.Tile(t)); ts.IsDigraph(lexicon.Tile(t)) {
				fmt.Fprintf(bw, "#tile [%s] [%s]\n", l, strings.ToLower(l))
			}
		}
	}
	sp := engine.Bracketed
	notation := func(t []lexicon.Tile) string { return sp.Format(ts, t) }
	for i := range g.Events {
		ev := &g.Events[i]
		nick := g.Players[ev.Player].Nick
		rack := notation(ev.Rack)
		switch ev.Kind {
		case Play:
			fmt.Fprintf(bw, ">%s: %s %s %s +%d %d\n", nick, rack, engine.FormatCoords(&ev.Move), sp.FormatPlayedTiles(&ev.Move, nil, ts), ev.Score, ev.Cumulative)
		case Exchange:
			ex := notation(ev.Move.Tiles[:ev.Move.Len])
			if ev.Move.Len == 0 {
				ex = strconv.Itoa(ev.Exchanged)
			}
			fmt.Fprintf(bw, ">%s: %s -%s +0 %d\n", nick, rack, ex, ev.Cumulative)
		case Pass:
			fmt.Fprintf(bw, ">%s: %s - +0 %d\n", nick, rack, ev.Cumulative)
		case PhonyReturned:
			fmt.Fprintf(bw, ">%s: %s -- -%d %d\n", nick, rack, abs(ev.Score), ev.Cumulative)
		case ChallengeBonus:
			fmt.Fprintf(bw, ">%s: %s (challenge) +%d %d\n", nick, rack, ev.Score, ev.Cumulative)
		case EndRackPoints:
			fmt.Fprintf(bw, ">%s: (%s) +%d %d\n", nick, notation(ev.OtherRack), ev.Score, ev.Cumulative)
		case RackPenalty:
			fmt.Fprintf(bw, ">%s: %s (%s) -%d %d\n", nick, rack, notation(ev.OtherRack), abs(ev.Score), ev.Cumulative)
		case TimePenalty:
			fmt.Fprintf(bw, ">%s: %s (time) -%d %d\n", nick, rack, abs(ev.Score), ev.Cumulative)
		default:
			return i18n.E("gcg.unknown_kind", "Event", i+1, "Kind", int(ev.Kind))
		}
		if ev.Note != "" {
			for j, l := range strings.Split(ev.Note, "\n") {
				if j == 0 {
					fmt.Fprintln(bw, "#note "+l)
				} else {
					fmt.Fprintln(bw, "#- "+l)
				}
			}
		}
	}
	return bw.Flush()
}
