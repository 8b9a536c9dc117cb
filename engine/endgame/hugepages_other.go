//go:build !linux

package endgame

func adviseHuge([]ttEntry) {}
