package cmd

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var selfplayWords = []string{"AS", "ES", "SE", "LA", "AL", "EL", "LO", "OS", "NO", "ON", "SI", "YA", "TE", "DE",
	"EN", "UN", "MI", "TU", "SU", "NI", "YO", "ME", "MA", "TA", "RE", "DO", "CASA", "CASAS", "MESA", "ROSA",
	"TORO", "NOTA", "SANO", "RISA", "RESTO", "ANTES", "SALTO", "ENTRE", "OTRO", "UNO", "LUNA", "ALTO", "TELA"}

func TestSelfplayCommand(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, selfplayWords...)
	dir := filepath.Join(t.TempDir(), "games")
	out, errOut, code := runEngineCmd(t, nil, "selfplay", "--lexicon", lex, "--games", "4", "--seed", "3", "--players", "equity,score", "--save", dir, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		Games         int        `json:"games"`
		Players       [2]string  `json:"players"`
		MeanScore     [2]float64 `json:"mean_score"`
		WinRate       float64    `json:"win_rate"`
		WinLow        float64    `json:"win_rate_low"`
		WinHigh       float64    `json:"win_rate_high"`
		Seed          uint64     `json:"seed"`
		Rules         string     `json:"rules"`
		GamesFinished int        `json:"games_finished"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if got.Games != 4 || got.GamesFinished != 4 || got.Players != [2]string{"equity", "score"} || got.Seed != 3 || got.Rules != "file" ||
		got.MeanScore[0] <= 0 || got.WinLow > got.WinRate || got.WinHigh < got.WinRate {
		t.Errorf("summary %+v", got)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.gcg"))
	if len(files) != 4 {
		t.Fatalf("saved %d games, want 4", len(files))
	}
	b, _ := os.ReadFile(files[0])
	if !strings.Contains(string(b), "#player1 equity1") || !strings.Contains(string(b), ">equity1: ") {
		t.Errorf("game file:\n%s", b)
	}
	// Not a terminal: nothing on stderr, so that "2>&1 | jq" still reads clean JSON.
	if errOut != "" {
		t.Errorf("stderr %q", errOut)
	}
	// The same seed plays the same games: the human summary matches line for line (but time).
	a, _, _ := runEngineCmd(t, nil, "selfplay", "--lexicon", lex, "--games", "4", "--seed", "3")
	b2, _, _ := runEngineCmd(t, nil, "selfplay", "--lexicon", lex, "--games", "4", "--seed", "3", "--workers", "1")
	if firstLines(a, 6) != firstLines(b2, 6) || !strings.Contains(a, "1: equity ") || !strings.Contains(a, "Self-play: 4 games, seed 3") {
		t.Errorf("same seed, different summaries:\n%s\n%s", a, b2)
	}
	// English players say bingo, and the end rules are FILE's, by name.
	if !strings.Contains(a, "Bingos a game") || strings.Contains(strings.ToLower(a), "scrabbles") || !strings.Contains(a, "End of game: FILE art. 44") {
		t.Errorf("words of the summary:\n%s", a)
	}
}

func firstLines(s string, n int) string {
	l := strings.SplitN(s, "\n", n+1)
	return strings.Join(l[:min(n, len(l))], "\n")
}

func TestSelfplayBadInput(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, selfplayWords...)
	// Flags out of bounds are refused before the run: TestSeamRefusesBadFlags, through the seam.
	// What only the run finds, here.
	tests := []struct {
		args []string
		err  string
	}{
		{[]string{"--games", "2", "--save", "/dev/null/games"}, "--save"},
		{[]string{"--games", "2", "--save", "x.gcg", "--cgp", emptyRows + " AEIRST?/ 0/0 0"}, "--save"},
	}
	for _, tc := range tests {
		_, errOut, code := runEngineCmd(t, nil, append([]string{"selfplay", "--lexicon", lex}, tc.args...)...)
		if code != ExitError || !strings.Contains(errOut, tc.err) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, errOut, tc.err)
		}
	}
}

// The shipped default lexicon (embedded), no --lexicon.
func TestSelfplayDefaultLexicon(t *testing.T) {
	t.Parallel()
	out, errOut, code := runEngineCmd(t, nil, "selfplay", "--games", "2", "--seed", "1", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		MeanScore     [2]float64 `json:"mean_score"`
		BingosPerGame [2]float64 `json:"bingos_per_game"`
		Lexicon       string     `json:"lexicon"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.MeanScore[0] < 150 || got.MeanScore[1] < 150 || got.Lexicon == "" {
		t.Errorf("%+v", got)
	}
}

func TestSelfplayProgressBar(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, selfplayWords...)
	var out, errb bytes.Buffer
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	io := &IO{In: strings.NewReader(""), Out: &out, Err: &errb, ErrTTY: true,
		Now:    func() time.Time { clock = clock.Add(50 * time.Millisecond); return clock },
		Getenv: func(string) string { return "" }}
	if code := Run(io, []string{"selfplay", "--lexicon", lex, "--games", "3", "--workers", "1"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	e := errb.String()
	if !strings.Contains(e, "[########################] 3/3 games · ") || !strings.HasSuffix(e, "\n") || strings.Contains(e, "selfplay: 3 games in") {
		t.Errorf("stderr %q", e)
	}
	if strings.Contains(out.String(), "\r") {
		t.Error("progress on stdout")
	}
}

// Ctrl-C (a real SIGINT to a real process) stops self-play with the summary of the games
// finished so far, and exit 130 (128+SIGINT) saying so, not 2 (bad input).
// In Spanish: the summary's words and numbers as Spanish writes them, the progress bar too.
func TestSelfplaySpanish(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, selfplayWords...)
	var out, errb bytes.Buffer
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	io := &IO{In: strings.NewReader(""), Out: &out, Err: &errb, ErrTTY: true,
		Now:    func() time.Time { clock = clock.Add(50 * time.Millisecond); return clock },
		Getenv: func(k string) string { return map[string]string{"ATRIL_LANG": "es"}[k] }}
	if code := Run(io, []string{"selfplay", "--lexicon", lex, "--games", "3", "--seed", "3", "--workers", "1"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	o := out.String()
	for _, want := range []string{"Autojuego: 3 partidas, semilla 3, léxico small", "Fin de partida: art. 44 de la FILE", "Jugador", "Puntuación media",
		"1: por valoración", "2: por puntos", "jugadores por valoración: la incorporada (builtin)", "Empates: ", "intervalo de Wilson del 95 %", "turnos por partida", "1 hilo)"} {
		if !strings.Contains(o, want) {
			t.Errorf("summary lacks %q:\n%s", want, o)
		}
	}
	// Spanish words, not the identifiers typed on the command line.
	for _, not := range []string{"equity", "«file»", "builtin contra"} {
		if strings.Contains(strings.ReplaceAll(o, "(builtin)", ""), not) {
			t.Errorf("summary says %q:\n%s", not, o)
		}
	}
	if e := errb.String(); !strings.Contains(e, "3/3 partidas · ") || !strings.Contains(e, ",") {
		t.Errorf("progress %q", e)
	}
}

func TestSelfplaySIGINT(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, selfplayWords...)
	child, out := startWorkingChild(t, "--lexicon "+lex+" selfplay --games 1000000 --workers 1 --json", "1,000,000", 3) // a mean over 100 games or more
	if err := child.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	// Read the summary before Wait, which closes the pipe and may lose what is still unread.
	out.waitFor(t, `"games_finished"`)
	done := make(chan error, 1)
	go func() { done <- child.Wait() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		child.Process.Kill()
		t.Fatal("self-play did not stop on Ctrl-C")
	}
	if code := child.ProcessState.ExitCode(); code != ExitInterrupted {
		t.Errorf("exit %d (%v), want %d", code, child.ProcessState, ExitInterrupted)
	}
	var got struct {
		Games         int        `json:"games"`
		GamesFinished int        `json:"games_finished"`
		MeanScore     [2]float64 `json:"mean_score"`
	}
	if err := json.Unmarshal([]byte(out.String()), &got); err != nil {
		t.Fatalf("%v: %q", err, out.String())
	}
	if got.GamesFinished < 1 || got.GamesFinished >= 1000000 || got.Games != got.GamesFinished || got.MeanScore[0] <= 0 {
		t.Errorf("summary after Ctrl-C: %+v", got)
	}
}

// --cgp plays every game from a position: the same games for a seed whatever the workers,
// the position in the summary, and no --save (GCG has no starting position).
func TestSelfplayFromCGP(t *testing.T) {
	t.Parallel()
	const cgp = "15/15/15/15/15/15/15/5BOCA6/15/15/15/15/15/15/15 AEIRST?/ 0/16 0"
	summary := func(workers string) map[string]any {
		out, errOut, code := runEngineCmd(t, nil, "selfplay", "--cgp", cgp, "--games", "6", "--seed", "8", "--workers", workers, "--json")
		if code != 0 || errOut != "" {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var got map[string]any
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		for _, k := range []string{"seconds", "games_per_second", "workers"} {
			delete(got, k)
		}
		return got
	}
	a, b := summary("1"), summary("2")
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Errorf("same seed, different summaries:\n%s\n%s", ja, jb)
	}
	if a["cgp"] != cgp+" ld spanish;" || a["games_finished"] != 6.0 {
		t.Errorf("summary %s", ja)
	}
	// Both start at 0/16 or more and play a whole game: far above the position's scores.
	if ms := a["mean_score"].([]any); ms[0].(float64) < 100 || ms[1].(float64) < 100 {
		t.Errorf("mean scores %v", ms)
	}
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"--cgp", cgp, "--save", t.TempDir()}, "no starting position"},
		{[]string{"--cgp", "15/15 A/ 0/0 0"}, "--cgp: CGP board"},
		{[]string{"--cgp", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/ 0/0 6", "--rules", "six-scoreless"}, "already over"},
	} {
		_, errOut, code := runEngineCmd(t, nil, append([]string{"selfplay", "--games", "2"}, tc.args...)...)
		if code != ExitError || !strings.Contains(errOut, tc.err) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, errOut, ExitError, tc.err)
		}
	}
}

// A game that cannot be saved (here game-0002.gcg is a directory) stops the run with exit 2
// and the file named: the user's directory, not a bug.
func TestSelfplaySaveFails(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, selfplayWords...)
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "game-0002.gcg"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := runEngineCmd(t, nil, "selfplay", "--lexicon", lex, "--games", "3", "--workers", "1", "--save", dir)
	if code != ExitError || !strings.Contains(errOut, "game-0002.gcg") {
		t.Errorf("exit %d, stderr %q; want %d naming game-0002.gcg", code, errOut, ExitError)
	}
}

// Shell completion offers the values of moves --by and selfplay --players and --rules.
func TestEngineFlagCompletion(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"moves", "--by", ""}, []string{"equity\tscore plus", "score\tpoints only"}},
		{[]string{"selfplay", "--players", ""}, []string{"equity,score", "score,equity", "equity,equity", "score,score"}},
		{[]string{"selfplay", "--rules", ""}, []string{"file\tFILE art. 44", "six-scoreless\tWoogles"}},
	}
	for _, tc := range tests {
		out, errOut, code := runEngineCmd(t, nil, append([]string{"__complete"}, tc.args...)...)
		if code != 0 || !strings.Contains(out, ":4\n") { // 4: ShellCompDirectiveNoFileComp
			t.Errorf("%v: exit %d, %q %q", tc.args, code, out, errOut)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: completions %q lack %q", tc.args, out, w)
			}
		}
	}
}

// BenchmarkSelfplayCommand runs the whole command (flags, the default lexicon already loaded,
// ten games on one worker, the summary) and reports games per second as the command counts
// them. Compare medians: go test ./cmd -run '^$' -bench SelfplayCommand -cpu 1 -count 5
func BenchmarkSelfplayCommand(b *testing.B) {
	var games float64
	for b.Loop() {
		var out, errb bytes.Buffer
		io := &IO{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(string) string { return "" }}
		if code := Run(io, []string{"selfplay", "--games", "10", "--seed", "1", "--workers", "1", "--json"}); code != 0 {
			b.Fatalf("exit %d: %s", code, errb.String())
		}
		games += 10
	}
	b.ReportMetric(games/b.Elapsed().Seconds(), "games/s")
}
