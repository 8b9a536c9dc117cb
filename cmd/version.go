package cmd

import (
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon/registry"
)

// newVersionCmd makes `atril version`.
func newVersionCmd(g *Globals) *cobra.Command {
	p := g.P
	return &cobra.Command{
		Use:   p.T("version.use"),
		Short: p.T("version.short"),
		Long:  p.T("version.long"),
		Args:  cobra.NoArgs,
		RunE:  func(c *cobra.Command, args []string) error { return runVersion(g) },
	}
}

// addVersionFlag gives the root command --version, which prints what `atril version` does;
// without it the root command shows its help, as it would without a Run.
func addVersionFlag(root *cobra.Command, g *Globals) {
	root.Flags().Bool("version", false, g.P.T("version.flag"))
	root.RunE = func(c *cobra.Command, args []string) error {
		if v, _ := c.Flags().GetBool("version"); v {
			return runVersion(g)
		}
		return c.Help()
	}
}

type versionLexiconJSON struct {
	Name  string `json:"name"`
	Words int    `json:"words"`
}

type versionJSON struct {
	Version    string             `json:"version"`
	Commit     string             `json:"commit,omitempty"`
	CommitTime string             `json:"commit_time,omitempty"`
	Modified   bool               `json:"modified,omitempty"`
	Go         string             `json:"go"`
	Platform   string             `json:"platform"`
	Lexicon    versionLexiconJSON `json:"lexicon"`
	Leaves     equity.TableInfo   `json:"leaves"`
}

// buildInfo is what the binary knows of itself: its module version ("(devel)" when built from
// a checkout), the commit, its time and whether the tree had changes (from the VCS stamp Go
// embeds), and the Go version.
func buildInfo() versionJSON {
	bi, _ := debug.ReadBuildInfo()
	return versionOf(bi)
}

// versionOf reads a binary's build information (nil when it has none).
func versionOf(bi *debug.BuildInfo) versionJSON {
	v := versionJSON{Version: "(devel)", Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi != nil {
		if bi.Main.Version != "" {
			v.Version = bi.Main.Version
		}
		if bi.GoVersion != "" {
			v.Go = bi.GoVersion
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				v.Commit = s.Value
			case "vcs.time":
				v.CommitTime = s.Value
			case "vcs.modified":
				v.Modified = s.Value == "true"
			}
		}
	}
	info := registry.DefaultInfo()
	v.Lexicon = versionLexiconJSON{Name: info.Name, Words: info.Words}
	v.Leaves = equity.DefaultTable()
	if info, err := leavetable.BuiltinInfo(); err == nil {
		v.Leaves = info // what moves, selfplay, sim and puzzles use unless told
	}
	return v
}

func runVersion(g *Globals) error {
	v := buildInfo()
	if g.JSON {
		return g.PrintJSON(v)
	}
	p := g.P
	version := v.Version
	if version == "(devel)" {
		version = p.T("version.devel")
	}
	commit := p.T("version.no_commit")
	if v.Commit != "" {
		commit = v.Commit
		if len(commit) > 12 {
			commit = commit[:12]
		}
		if v.CommitTime != "" {
			commit += " (" + v.CommitTime + ")"
		}
		if v.Modified {
			commit += " " + p.T("version.modified")
		}
	}
	leaves := p.T("version.leaves_model", "Name", v.Leaves.Name)
	if v.Leaves.Kind != "model" {
		leaves = p.T("version.leaves_table", "Name", v.Leaves.Name, "Leaves", p.N("version.leaves", v.Leaves.Leaves), "Checksum", v.Leaves.Checksum)
	}
	return g.Print(ui.NewDoc().KV(
		[2]string{"atril", version},
		[2]string{p.T("version.commit"), commit},
		[2]string{"Go", v.Go + " " + v.Platform},
		[2]string{p.T("version.lexicon"), p.T("version.lexicon_value", "Name", v.Lexicon.Name, "Words", p.N("count.words", v.Lexicon.Words))},
		[2]string{p.T("version.leave_table"), leaves},
	))
}
