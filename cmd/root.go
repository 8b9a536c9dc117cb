// Package cmd holds atril's commands, one file each. Commands stay thin: parse flags, call a
// package, print.
//
// It is a front end: it owns parsing flags and printing, and holds no rules of the game or of
// study; only cmd/atril imports it.
package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// Exit codes (documented in README and `atril --help`).
const (
	ExitOK       = 0 // success; every judged word valid
	ExitNo       = 1 // a clear "no": a word is not valid, a play is not legal
	ExitError    = 2 // bad input, bad flags, a file that cannot be read
	ExitInternal = 3 // a bug: please report it
	// ExitInterrupted: Ctrl-C stopped a run before it finished (what it did is kept and summed
	// up); 128+SIGINT as shells report it.
	ExitInterrupted = 130
	// ExitBusy: another program kept the study database locked longer than atril waits (a
	// minute); nothing was written, and running the command again is safe. EX_TEMPFAIL.
	ExitBusy = 75
)

// exitError carries an exit code up from a command.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// withCode wraps err so that Main exits with code.
func withCode(code int, err error) error { return &exitError{code, err} }

// errSilentNo exits ExitNo without printing: the command's output already said "no".
var errSilentNo = errors.New("")

// IO is what a command reads, writes and asks the time and environment from; tests inject
// their own. A nil Now is the system clock and a nil Getenv an empty environment.
type IO struct {
	In     io.Reader
	Out    io.Writer
	Err    io.Writer
	OutTTY bool // stdout is a terminal: render, colour
	ErrTTY bool // stderr is a terminal: progress bars
	// Width is the terminal's width in columns as the system reports it, 0 if unknown ($COLUMNS
	// wins over it; see ui.NewTerm).
	Width int
	Now   func() time.Time
	// After starts a timer (a drill's time limit, the wait for a learning step); nil is
	// time.After. Tests pass their own with their clock.
	After  func(time.Duration) <-chan time.Time
	Getenv func(string) string
}

// SystemIO is the process's real streams, clock and environment.
func SystemIO() *IO {
	width := 0
	if w, _, err := term.GetSize(int(os.Stdout.Fd())); err == nil {
		width = w
	}
	return &IO{
		In: os.Stdin, Out: os.Stdout, Err: os.Stderr,
		OutTTY: isatty.IsTerminal(os.Stdout.Fd()) || isatty.IsCygwinTerminal(os.Stdout.Fd()),
		ErrTTY: isatty.IsTerminal(os.Stderr.Fd()) || isatty.IsCygwinTerminal(os.Stderr.Fd()),
		Width:  width,
		Now:    time.Now, Getenv: os.Getenv,
	}
}

func noEnv(string) string { return "" }

// Globals are the flags every command has, and what every command writes with.
type Globals struct {
	io      *IO
	Lexicon string
	Tiles   string
	JSON    bool
	DB      string
	Lang    string // --lang; the language itself is P's

	// P writes every user-facing text in the reader's language.
	P *i18n.Printer
	// UI draws on stdout (colour, width, tables: see package ui); ErrUI on stderr (progress).
	UI, ErrUI *ui.Term

	tiles *lexicon.TileSet
	lex   *lexicon.Lexicon
}

// TileSet loads --tiles once.
func (g *Globals) TileSet() (*lexicon.TileSet, error) {
	if g.tiles == nil {
		ts, err := lexicon.LoadTileSet(g.Tiles)
		if err != nil {
			return nil, withCode(ExitError, err)
		}
		g.tiles = ts
	}
	return g.tiles, nil
}

// Lex loads --lexicon (under --tiles) once.
func (g *Globals) Lex() (*lexicon.Lexicon, error) {
	if g.lex == nil {
		ts, err := g.TileSet()
		if err != nil {
			return nil, err
		}
		l, err := g.openLexicon(g.Lexicon, ts)
		if err != nil {
			return nil, withCode(ExitError, err)
		}
		g.lex = l
	}
	return g.lex, nil
}

// Main runs atril with the process's arguments and the given streams and returns the exit code.
// For a command that stops cleanly (see stopsOnInterrupt) the first Ctrl-C (SIGINT, or SIGTERM)
// cancels cmd.Context() and the command winds up (a drill's summary, self-play's games so far);
// a second Ctrl-C kills at once. Any other command dies at the first Ctrl-C, as it would
// without atril catching anything.
func Main(io *IO) int {
	args := os.Args[1:]
	root := newRoot(io, args)
	ctx := context.Background()
	if c, _, err := root.Find(args); err == nil && stopsOnInterrupt(c) {
		var stop context.CancelFunc
		ctx, stop = signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
		defer stop()
		// Once cancelled, the default behaviour comes back: the next signal kills.
		go func() { <-ctx.Done(); stop() }()
	}
	return execute(ctx, root, io, args)
}

// Run runs atril with arguments and no signal handling; tests call it directly.
func Run(io *IO, args []string) int {
	return execute(context.Background(), newRoot(io, args), io, args)
}

// interruptible is the annotation of commands that stop cleanly when cmd.Context() is
// cancelled (Ctrl-C), keeping what they did; their subcommands inherit it.
const interruptible = "atril/interruptible"

// stopsCleanly marks c (and its subcommands) as stopping cleanly on Ctrl-C.
func stopsCleanly(c *cobra.Command) *cobra.Command {
	if c.Annotations == nil {
		c.Annotations = map[string]string{}
	}
	c.Annotations[interruptible] = "yes"
	return c
}

func stopsOnInterrupt(c *cobra.Command) bool {
	for ; c != nil; c = c.Parent() {
		if c.Annotations[interruptible] != "" {
			return true
		}
	}
	return false
}

func execute(ctx context.Context, root *cobra.Command, io *IO, args []string) (code int) {
	p := printerOf(root)
	defer func() {
		// A panic is a bug: say so plainly, with the trace for the report, and exit 3 rather
		// than 2, which means bad input.
		if r := recover(); r != nil {
			fmt.Fprintf(io.Err, "atril: %s: %v\n%s", p.T("root.internal_error"), r, debug.Stack())
			code = ExitInternal
		}
	}()
	if err := langError(root); err != nil {
		fmt.Fprintln(io.Err, "atril: "+p.Err(err))
		if jsonWanted(root, args) {
			printJSONError(io.Out, ExitError, err)
		}
		return ExitError
	}
	if args == nil {
		args = []string{} // nil would make cobra read the process's own arguments
	}
	root.SetArgs(args)
	defer stdouts.Delete(root)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return ExitOK
	}
	code = ExitError
	var ee *exitError
	if errors.As(err, &ee) {
		code = ee.code
	}
	if errors.Is(err, studystore.ErrBusy) {
		code = ExitBusy // a locked database is never bad input, whatever the command said
	}
	if errors.Is(err, errSilentNo) {
		return code
	}
	if msg := p.Err(advise(cobraError(err))); msg != "" {
		fmt.Fprintln(io.Err, "atril: "+msg)
	}
	if jsonWanted(root, args) && !wroteStdout(root) {
		printJSONError(io.Out, code, err)
	}
	return code
}

// stdouts are the counted stdouts of the command trees built (see newRoot).
var stdouts sync.Map

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n atomic.Int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n.Add(int64(n))
	return n, err
}

// wroteStdout reports whether the command tree root wrote anything on stdout.
func wroteStdout(root *cobra.Command) bool {
	if v, ok := stdouts.Load(root); ok {
		return v.(*countingWriter).n.Load() > 0
	}
	return false
}

// jsonWanted reports whether --json was given (parsed, or among the arguments when the
// error came before flags were parsed).
func jsonWanted(root *cobra.Command, args []string) bool {
	if f := root.PersistentFlags().Lookup("json"); f != nil && f.Value.String() == "true" {
		return true
	}
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "--json" || a == "--json=true" {
			return true
		}
	}
	return false
}

// jsonError is an error as scripts read it on stdout under --json: the exit code and the
// message in English (as every JSON text is), besides the message on stderr.
type jsonError struct {
	Error struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func printJSONError(w io.Writer, code int, err error) {
	var e jsonError
	e.Error.Code = code
	e.Error.Message = i18n.For(i18n.English).Err(advise(cobraError(err)))
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(e)
}

// NewRootCmd builds the command tree in the language the environment asks for.
func NewRootCmd(io *IO) *cobra.Command { return newRoot(io, nil) }

// newRoot builds the command tree in the language that args (--lang) and the environment ask
// for: the help texts are built in it, so --lang is read before cobra parses anything.
func newRoot(io *IO, args []string) *cobra.Command { return newRootWith(io, args, commands) }

// newRootWith is the root command holding cmds' commands: tests give it a single command made
// with its runF seam, so that flag tests parse and check flags without running the command.
func newRootWith(io *IO, args []string, cmds func(*Globals) []*cobra.Command) *cobra.Command {
	if io.Getenv == nil {
		io.Getenv = noEnv
	}
	if io.Now == nil {
		io.Now = time.Now
	}
	// stdout counted, so that an error under --json is written there only when the command
	// wrote nothing (an interrupted self-play prints its games before it exits 130).
	cio := *io
	out := &countingWriter{w: io.Out}
	cio.Out = out
	io = &cio
	g := &Globals{io: io}
	lang, langErr := i18n.Detect(langArg(args), io.Getenv)
	g.P = i18n.For(lang)
	g.UI = ui.NewTerm(io.Out, io.OutTTY, io.Width, io.Getenv)
	g.ErrUI = ui.NewTerm(io.Err, io.ErrTTY, io.Width, io.Getenv)
	p := g.P
	g.UI.Dropped = func(cols []string) string { return p.T("table.dropped", "Columns", strings.Join(cols, "; ")) }
	g.ErrUI.Dropped = g.UI.Dropped
	root := &cobra.Command{
		Use:           "atril",
		Short:         p.T("root.short"),
		Long:          p.T("root.long"),
		SilenceUsage:  true,
		SilenceErrors: true,
		Annotations:   map[string]string{printerKey: string(lang), widthKey: strconv.Itoa(g.UI.Width)},
	}
	stdouts.Store(root, out)
	if langErr != nil {
		root.Annotations[langErrKey] = p.Err(langErr)
	}
	root.SetIn(io.In)
	root.SetOut(io.Out)
	root.SetErr(io.Err)
	pf := root.PersistentFlags()
	pf.StringVar(&g.Lexicon, "lexicon", "", p.T("root.flag.lexicon"))
	pf.StringVar(&g.Tiles, "tiles", "", p.T("root.flag.tiles"))
	pf.BoolVar(&g.JSON, "json", false, p.T("root.flag.json"))
	pf.StringVar(&g.DB, "db", "", p.T("root.flag.db"))
	pf.StringVar(&g.Lang, "lang", "", p.T("root.flag.lang"))
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return withCode(ExitError, i18n.Wrap(cobraError(err), "root.see_help", "Command", c.CommandPath()))
	})
	root.AddCommand(cmds(g)...)
	explainArgs(root)
	addVersionFlag(root, g)
	root.RegisterFlagCompletionFunc("lexicon", completeLexiconNames(g))
	root.RegisterFlagCompletionFunc("tiles", completeTileSets)
	root.RegisterFlagCompletionFunc("lang", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"es", "en"}, cobra.ShellCompDirectiveNoFileComp
	})
	localizeHelp(root, p)
	return root
}

// langArg finds --lang VALUE or --lang=VALUE among the arguments.
func langArg(args []string) string {
	for i, a := range args {
		if a == "--" {
			break
		}
		if v, ok := strings.CutPrefix(a, "--lang="); ok {
			return v
		}
		if a == "--lang" && i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}

const (
	printerKey = "atril/lang"
	langErrKey = "atril/lang-error"
	widthKey   = "atril/width" // stdout's terminal width, 0 when piped: help folds its flags to it
)

// printerOf is the printer a command tree was built with.
func printerOf(root *cobra.Command) *i18n.Printer {
	return i18n.For(i18n.Lang(root.Annotations[printerKey]))
}

// langError is the error of a --lang or ATRIL_LANG that atril does not speak.
func langError(root *cobra.Command) error {
	if msg := root.Annotations[langErrKey]; msg != "" {
		return errors.New(msg)
	}
	return nil
}

// commands are atril's commands, one file each; a command's subcommands are listed in its
// own file (drill.go, leaves.go, lexicon.go, puzzle.go). A new command is one more line here.
// Commands with a runF seam (gh's pattern) get nil: their real run.
func commands(g *Globals) []*cobra.Command {
	return []*cobra.Command{
		newAnagramCmd(g),
		newAnalyzeCmd(g, nil),
		newBenchCmd(g, nil),
		newCompletionCmd(g),
		newDeckCmd(g),
		newDrillCmd(g),
		newEndgameCmd(g, nil),
		newForecastCmd(g, nil),
		newFsrsCmd(g),
		newGamesCmd(g),
		newHooksCmd(g),
		newInfoCmd(g),
		newJudgeCmd(g),
		newLeavesCmd(g),
		newLexiconCmd(g),
		newMovesCmd(g, nil),
		newPegCmd(g, nil),
		newPhoniesCmd(g, nil),
		newPlayCmd(g, nil),
		newPuzzleCmd(g),
		newReviewCmd(g, nil),
		newScoreCmd(g, nil),
		newSearchCmd(g),
		newSelfplayCmd(g, nil),
		newShowCmd(g),
		newSimCmd(g, nil),
		newStatsCmd(g, nil),
		newTodayCmd(g),
		newVersionCmd(g),
		newWebCmd(g, nil),
	}
}
