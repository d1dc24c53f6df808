package importer

import (
	"strings"
	"testing"
)

// TestReadRoster_rowRules: a value in a column without a heading (a blank
// heading between two, or the column right after the last heading) is
// refused at its cell, not read as another column's field; a user_num
// repeated is refused at the second row, and neither row of a refusal is
// applied.
func TestReadRoster_rowRules(t *testing.T) {
	t.Parallel()
	r, probs, err := ReadRoster(writeBook(t, "Agents", [][]any{
		{"user_num", "", "user_name"},
		{"8001", "x", "Ann"},
		{"8002", nil, "Bo", "far"},
		{"8003", nil, "Cy"},
		{"8003", nil, "Di"},
		{"8004", nil, "Ed"},
	}))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`Agents!B2: "x" is in a column without a heading; name the column or clear the cell`,
		`Agents!D3: "far" is in a column without a heading; name the column or clear the cell`,
		`Agents!A5: user_num "8003" repeats row 4 (Agents!A4); user_num must be unique`,
	}
	if got := problemLines(probs); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var nums []string
	for _, row := range r.Rows {
		nums = append(nums, row.Get("user_num")+"/"+row.Get("user_name"))
	}
	if got := strings.Join(nums, ","); got != "8003/Cy,8004/Ed" {
		t.Errorf("rows read: %s, want 8003/Cy,8004/Ed", got)
	}
}
