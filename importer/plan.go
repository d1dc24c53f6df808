package importer

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// Action is what a plan does with one agent.
type Action string

// Plan actions.
const (
	ActionCreate    Action = "create"
	ActionUpdate    Action = "update"
	ActionUnchanged Action = "unchanged"
	ActionResign    Action = "resign"
	ActionDelete    Action = "delete"
)

// Prune modes for agents absent from the sheet.
const (
	PruneNone   = "none"
	PruneResign = "resign"
	PruneDelete = "delete"
)

// Change is one field an update changes. Old and New are "" when unset;
// a password's New is "(new password)", never the password.
type Change struct {
	Field string `json:"field"`
	Old   string `json:"old"`
	New   string `json:"new"`
}

// Step is one agent's line of a plan.
type Step struct {
	// Row is the sheet row (0 for an agent pruned because it is absent).
	Row     int    `json:"row,omitempty"`
	UserNum string `json:"user_num"`
	UserID  int64  `json:"user_id,omitempty"`
	// UserName is the platform's user_name of an agent the sheet does not
	// name, which --prune resigns or deletes: its number alone did not
	// tell an operator who that is.
	UserName string   `json:"user_name,omitempty"`
	Action   Action   `json:"action"`
	Changes  []Change `json:"changes,omitempty"`
	// Reactivates is set on an update whose row takes a resigned agent's
	// number and sets user_status to 1 or 3: it brings that agent back.
	Reactivates *Reactivation `json:"reactivates,omitempty"`
	// Notes are what the plan says of the step beyond its changes, one
	// sentence each (a re-activation's, and its password's warning).
	Notes []string `json:"notes,omitempty"`
	// PasswordNotSent is set when the row types a user_password for an
	// agent that exists and the plan does not send it (without
	// --reset-passwords the column is the password an agent is created
	// with); a note says so.
	PasswordNotSent bool `json:"password_not_sent,omitempty"`
	// values are what the write sends (canonical); never marshalled, since
	// they can hold a password.
	values Values
	// after are the steps (indexes into Plan.Steps) whose write must land
	// first: they give up a unique value this step takes.
	after []waitFor
}

// waitFor is one step a step waits for, and the field it frees.
type waitFor struct {
	step  int
	field string
}

// Reactivation is a row's re-activation of a resigned agent: the platform
// keeps a resigned agent's number, so a row that gives the number to
// someone else (a new hire) and sets user_status to 1 edits that agent
// (users/edit) rather than creating one. The account is the resigned
// agent's: its call history stays, and so does every value the row leaves
// empty, its skill groups and its password among them.
type Reactivation struct {
	// UserID and UserName are the resigned agent's, before the row's.
	UserID   int64  `json:"user_id"`
	UserName string `json:"user_name"`
	// SkillGroups are the groups the resigned agent is in. They stay with
	// it unless the row's queue_ids sets others (SkillGroupsKept false).
	SkillGroups     []GroupRef `json:"skill_groups"`
	SkillGroupsKept bool       `json:"skill_groups_kept"`
	// Kept are the resigned agent's contact values that the row's empty
	// cells leave as they are ("ag_nickname", "user_email", ...).
	Kept []string `json:"kept,omitempty"`
	// PasswordSent is true when the row's user_password is sent (a
	// re-activation sends it without --reset-passwords); false, the
	// resigned agent's password still opens the account.
	PasswordSent bool `json:"password_sent"`
}

// GroupRef is a skill group by id, and its name when the plan knows it.
type GroupRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name,omitempty"`
}

// Fields lists the changed field names.
func (s Step) Fields() []string {
	out := make([]string, len(s.Changes))
	for i, c := range s.Changes {
		out[i] = c.Field
	}
	return out
}

// Plan is what apply would do, row by row.
type Plan struct {
	Steps []Step `json:"steps"`
	Prune string `json:"prune"`
	// NotInSheet counts the agents on the platform that the sheet does not
	// list (whatever Prune does with them).
	NotInSheet int `json:"not_in_sheet"`
	// TerraformKept counts those of them a Terraform state manages, which
	// Prune leaves to it (PlanOptions.Terraform).
	TerraformKept int `json:"terraform_kept"`
}

// Counts returns how many steps of each action the plan has.
func (p *Plan) Counts() map[Action]int {
	m := map[Action]int{}
	for _, s := range p.Steps {
		m[s.Action]++
	}
	return m
}

// Writes is the number of steps that write.
func (p *Plan) Writes() int {
	n := 0
	for _, s := range p.Steps {
		if s.Action != ActionUnchanged {
			n++
		}
	}
	return n
}

// Reactivations counts the steps that re-activate a resigned agent.
func (p *Plan) Reactivations() int {
	n := 0
	for _, s := range p.Steps {
		if s.Reactivates != nil {
			n++
		}
	}
	return n
}

// Summary renders "2 to create, 1 to update, 17 unchanged, 3 to resign,
// 1 not in the sheet already resigned"; an update that re-activates a
// resigned agent is counted in brackets ("1 to update (1 re-activates a
// resigned agent)"). unchanged counts the sheet's rows;
// the agents not in the sheet are told apart: what --prune does to them,
// and those it leaves as they are. A part that would read 0 is left out,
// except the first three.
func (p *Plan) Summary() string {
	c := p.Counts()
	unchanged := 0
	for _, s := range p.Steps {
		if s.Action == ActionUnchanged && s.Row > 0 {
			unchanged++
		}
	}
	update := ""
	switch n := p.Reactivations(); {
	case n == 1:
		update = " (1 re-activates a resigned agent)"
	case n > 1:
		update = fmt.Sprintf(" (%d re-activate resigned agents)", n)
	}
	s := fmt.Sprintf("%d to create, %d to update%s, %d unchanged", c[ActionCreate], c[ActionUpdate], update, unchanged)
	alone := p.NotInSheet - p.TerraformKept
	for _, a := range []Action{ActionResign, ActionDelete} {
		if c[a] > 0 {
			s += fmt.Sprintf(", %d to %s", c[a], a)
			alone -= c[a]
		}
	}
	switch {
	case alone <= 0:
	case p.Prune == PruneResign:
		s += fmt.Sprintf(", %d not in the sheet already resigned", alone)
	default:
		s += fmt.Sprintf(", %d not in the sheet left alone", alone)
	}
	if p.TerraformKept > 0 {
		s += fmt.Sprintf(", %d not in the sheet left to Terraform", p.TerraformKept)
	}
	return s
}

// PasswordsNotSent says, in one sentence, which user_password cells
// typed for existing agents are not sent (Step.PasswordNotSent), by
// range ("Agents!C2:C21, Agents!C25"), and why: "" when none. Each such
// step's notes say it of its row; a roster kept after it created its
// agents has a password on every row, and a note under each row of the
// text plan would bury the rows that change.
func (p *Plan) PasswordsNotSent(r *Roster) string {
	var rows []int
	for _, s := range p.Steps {
		if s.PasswordNotSent {
			rows = append(rows, s.Row)
		}
	}
	if len(rows) == 0 {
		return ""
	}
	slices.Sort(rows)
	var cells []string
	for i := 0; i < len(rows); {
		j := i
		for j+1 < len(rows) && rows[j+1] == rows[j]+1 {
			j++
		}
		cell := r.Cell(rows[i], "user_password")
		if j > i {
			_, last, _ := strings.Cut(r.Cell(rows[j], "user_password"), "!")
			cell += ":" + last
		}
		cells = append(cells, cell)
		i = j + 1
	}
	what := fmt.Sprintf("the user_password typed for %d existing agents is not sent", len(rows))
	if len(rows) == 1 {
		what = "the user_password typed for an existing agent is not sent"
	}
	return fmt.Sprintf("Passwords: %s (%s): a password cannot be read back to compare, so the column is the password an agent is created with; "+
		"to set them, apply with --reset-passwords (which sends every password the sheet holds to its agent), or change them in the portal.", what, strings.Join(cells, ", "))
}

// PasswordNote tells whether note is a step's PasswordNotSent note.
func PasswordNote(note string) bool { return strings.HasPrefix(note, passwordNotePrefix) }

const passwordNotePrefix = "user_password in "

// PlanOptions tune a plan.
type PlanOptions struct {
	// Prune is none (default), resign or delete: what happens to agents
	// that are on the platform but not in the sheet.
	Prune string
	// ResetPasswords sends the sheet's passwords to existing agents too.
	ResetPasswords bool
	// Terraform names the agents a Terraform configuration manages (by
	// user_num, each one's resource address; ccsync's --terraform-state):
	// Prune leaves them to it, and a row that changes one says which of
	// its changes the next terraform apply sets back (terraformNote).
	Terraform map[string]string
	// TerraformMemberships names the skill-group memberships a Terraform
	// configuration manages, each to its resource address: by "que_id"
	// for a group's whole membership (contactcenter_skill_group_members),
	// by "que_id:agent_id" for one agent's (contactcenter_skill_group_member).
	// A row whose queue_ids changes one says that the next terraform apply
	// sets it back.
	TerraformMemberships map[string]string
}

// QueueChecker is implemented by APIs that can list skill-group ids, so a
// plan can name a queue_ids cell that refers to no group before writing.
type QueueChecker interface {
	QueueIDs(ctx context.Context) (map[int64]bool, error)
}

// SkillGroup is a skill group as a roster's queue_ids refers to it: by
// its id; its name and number (que_num) name it in a problem.
type SkillGroup struct {
	ID   int64
	Name string
	Num  string
}

// SkillGroupLister is implemented by APIs that can list skill groups with
// their names and numbers, so that a queue_ids cell holding a group's name
// or que_num instead of its id can say which group it means.
type SkillGroupLister interface {
	SkillGroups(ctx context.Context) ([]SkillGroup, error)
}

// PlanRoster compares a validated roster with the platform. It writes
// nothing. Problems are rules that need the platform's state: a new agent
// without user_name or user_password, a unique value held by another agent,
// an unknown skill group.
func PlanRoster(ctx context.Context, api AgentAPI, r *Roster, opts PlanOptions) (*Plan, Problems, error) {
	if opts.Prune == "" {
		opts.Prune = PruneNone
	}
	if !slices.Contains([]string{PruneNone, PruneResign, PruneDelete}, opts.Prune) {
		return nil, nil, fmt.Errorf("--prune must be none, resign or delete, not %q", opts.Prune)
	}
	existing := map[string]Agent{}
	var order []string
	for a, err := range api.List(ctx) {
		if err != nil {
			return nil, nil, fmt.Errorf("list agents: %w", err)
		}
		num := a.Values["user_num"]
		existing[num] = a
		order = append(order, num)
	}
	var (
		queues map[int64]bool
		groups []SkillGroup
	)
	if gl, ok := api.(SkillGroupLister); ok && r.HasColumn("queue_ids") {
		var err error
		if groups, err = gl.SkillGroups(ctx); err != nil {
			return nil, nil, fmt.Errorf("list skill groups: %w", err)
		}
		queues = map[int64]bool{}
		for _, g := range groups {
			queues[g.ID] = true
		}
	} else if qc, ok := api.(QueueChecker); ok && r.HasColumn("queue_ids") {
		var err error
		if queues, err = qc.QueueIDs(ctx); err != nil {
			return nil, nil, fmt.Errorf("list skill groups: %w", err)
		}
	}

	plan := &Plan{Prune: opts.Prune}
	var probs Problems
	add := func(row int, field, value string, hasValue bool, rule string) {
		cell := r.Cell(row, field)
		sheet, ref, _ := strings.Cut(cell, "!")
		probs = append(probs, Problem{Sheet: sheet, Cell: ref, Field: field, Value: value, HasValue: hasValue, Rule: rule})
	}
	inSheet := make(map[string]bool, len(r.Rows))
	// finalOwner[field][value] = user_num that will hold a unique value after apply.
	finalOwner := map[string]map[string]string{"user_email": {}, "user_sms_phone": {}}
	for _, row := range r.Rows {
		inSheet[row.Get("user_num")] = true
	}
	byBare := map[string][]string{} // existing numbers by their digits without leading zeros
	for _, num := range order {
		byBare[strings.TrimLeft(num, "0")] = append(byBare[strings.TrimLeft(num, "0")], num)
	}
	for _, num := range order {
		if _, kept := opts.Terraform[num]; opts.Prune == PruneDelete && !inSheet[num] && !kept {
			continue // deleted first: its values are free for the sheet's rows
		}
		for field, owners := range finalOwner {
			if v := existing[num].Values[field]; v != "" {
				owners[uniqueKey(field, v)] = num
			}
		}
	}
	// Values the sheet sets replace the owners' old ones.
	for _, row := range r.Rows {
		num := row.Get("user_num")
		for field, owners := range finalOwner {
			v := row.Get(field)
			if v == "" {
				continue
			}
			if old := existing[num].Values[field]; old != "" && owners[uniqueKey(field, old)] == num {
				delete(owners, uniqueKey(field, old))
			}
		}
	}
	for _, row := range r.Rows {
		num := row.Get("user_num")
		for field, owners := range finalOwner {
			v := row.Get(field)
			if v == "" {
				continue
			}
			if other, ok := owners[uniqueKey(field, v)]; ok && other != num {
				add(row.Row, field, v, true, fmt.Sprintf("already belongs to agent %s, which keeps it; %s must be unique", other, field))
			}
		}
		if queues != nil {
			if ids := row.Get("queue_ids"); ids != "" {
				for _, id := range strings.Split(ids, ",") {
					n, _ := strconv.ParseInt(id, 10, 64)
					if !queues[n] {
						rule := fmt.Sprintf("refers to skill group %d, which does not exist", n)
						if g, ok := groupByNum(groups, id); ok {
							rule = fmt.Sprintf("has %d, which is the number (que_num) of skill group %d%s, not its id; queue_ids takes ids: write %d", n, g.ID, g.named(), g.ID)
						} else if groups := thousands(id); len(groups) > 1 && allKnown(queues, groups) {
							rule += fmt.Sprintf(" (typed as %s? A spreadsheet reads a comma between digits as a thousands separator "+
								"and keeps the number %d: format the column as text and type the list again)", strings.Join(groups, ","), n)
						}
						add(row.Row, "queue_ids", ids, true, rule)
					}
				}
			}
		}

		a, exists := existing[num]
		if !exists {
			if twin := zerosDropped(num, byBare, inSheet); twin != "" {
				add(row.Row, "user_num", num, true, fmt.Sprintf("is agent %s's number without its leading zeros, and %s is not in the sheet: "+
					"a spreadsheet drops leading zeros from a number, and the row would create a second agent (and --prune would remove %s). "+
					"Format the column as text and write %s; a new agent cannot take a number that differs from an existing one only by leading zeros",
					twin, twin, twin, twin))
			}
			for _, name := range []string{"user_name", "user_password"} {
				if row.Get(name) != "" {
					continue
				}
				what, text := row.blankText(name)
				if what == "" {
					add(row.Row, name, "", false, fmt.Sprintf("is required: agent %s does not exist yet and will be created", num))
					continue
				}
				// A cell of a no-break space looks empty: say what it
				// holds (a password's by the character only, not shown).
				shown := name != "user_password"
				if !shown {
					text = ""
				}
				add(row.Row, name, text, shown, fmt.Sprintf("holds %s, so it looks empty: %s is required, agent %s does not exist yet and will be created", what, name, num))
			}
			st := Step{Row: row.Row, UserNum: num, Action: ActionCreate, values: Values{}}
			for i, f := range AgentFields {
				if v := row.Vals[i]; v != "" {
					st.values[f.Name] = v
					st.Changes = append(st.Changes, Change{Field: f.Name, New: shownValue(f.Name, v)})
				}
			}
			plan.Steps = append(plan.Steps, st)
			continue
		}
		st := Step{Row: row.Row, UserNum: num, UserID: a.UserID, Action: ActionUnchanged, values: Values{}}
		// A row that takes a resigned agent's number out of resignation
		// brings that agent back (the platform keeps the number): most
		// often a new hire given a former colleague's number. The
		// password typed for the new person is sent, or the resigned
		// agent's would still open the account.
		reactivates := isResigned(a.Values["user_status"]) && row.Get("user_status") != "" && !isResigned(row.Get("user_status"))
		var unanswered []string
		for i, f := range AgentFields {
			v := row.Vals[i]
			if v == "" || f.Name == "user_num" {
				continue
			}
			if f.Name == "user_password" {
				if opts.ResetPasswords || reactivates {
					st.values[f.Name] = v
					st.Changes = append(st.Changes, Change{Field: f.Name, New: shownValue(f.Name, v)})
				} else if !isResigned(a.Values["user_status"]) || row.Get("user_status") != "" {
					// A user who typed a new password expected it set: said,
					// with why not and how. (A resigned agent left resigned
					// has its own warning, below.)
					st.PasswordNotSent = true
					st.Notes = append(st.Notes, fmt.Sprintf(passwordNotePrefix+"%s is not sent: agent %s exists, and a password cannot be read back to compare, "+
						"so the column is the password an agent is created with; to set it, apply with --reset-passwords "+
						"(which sends every password the sheet holds to its agent), or change it in the portal", r.Cell(row.Row, "user_password"), num))
				}
				continue
			}
			old, reported := a.Values[f.Name]
			if !reported {
				// The platform does not report this field back, so it
				// cannot be compared; it is set on create only. Sending it
				// on every apply would make re-runs write forever. Said,
				// where the plan showed the row unchanged and the value
				// the sheet asks for was never sent.
				if _, setting := client.AgentSettingNamed(f.Name); setting {
					unanswered = append(unanswered, fmt.Sprintf("%s %s", f.Name, shownValue(f.Name, v)))
				}
				continue
			}
			if !sameValue(f, old, v) {
				st.values[f.Name] = v
				st.Changes = append(st.Changes, Change{Field: f.Name, Old: old, New: v})
			}
		}
		if len(st.Changes) > 0 {
			st.Action = ActionUpdate
		}
		if len(unanswered) > 0 {
			// §2.6 does not promise the settings in a users/list item's
			// config member (client.AgentConfig): a platform that leaves
			// them out cannot be compared with the row.
			what := "this setting"
			if len(unanswered) > 1 {
				what = "these settings"
			}
			st.Notes = append(st.Notes, fmt.Sprintf("warning: %s (%s row %d) not applied: users/list does not answer %s for agent %d, "+
				"so what the agent holds is not known, and the sheet's value is sent only when an agent is created (sent on every apply, it would be written again each time); "+
				"set it in the portal, or empty the cell", strings.Join(unanswered, ", "), r.Sheet, row.Row, what, a.UserID))
		}
		if reactivates {
			if groups == nil && a.Values["queue_ids"] != "" {
				if gl, ok := api.(SkillGroupLister); ok {
					groups, _ = gl.SkillGroups(ctx) // without it, the groups are named by id
				}
			}
			st.Reactivates, st.Notes = reactivation(r, row, a, groups, st.values["user_password"] != "")
		}
		// The same row with user_status left empty edits the resigned
		// account and leaves it resigned, and its password is not sent:
		// said, where the plan showed a name's change alone.
		if isResigned(a.Values["user_status"]) && row.Get("user_status") == "" && (len(st.Changes) > 0 || row.Get("user_password") != "") {
			st.Notes = append(st.Notes, fmt.Sprintf("warning: agent %d (%q) is resigned and user_status is empty in %s, so it stays resigned: "+
				"the row's changes go to the resigned account and its user_password is not sent. To give the number to someone, set user_status to 1 "+
				"(that re-activates the account, and sends the password)", a.UserID, a.Values["user_name"], r.Cell(row.Row, "user_status")))
		}
		plan.Steps = append(plan.Steps, st)
	}

	for i, st := range plan.Steps {
		if addr, ok := opts.Terraform[st.UserNum]; ok && st.Action != ActionUnchanged {
			plan.Steps[i].Notes = append(plan.Steps[i].Notes, terraformNote(addr, st.Changes))
		}
	}

	for i, st := range plan.Steps {
		plan.Steps[i].Notes = append(plan.Steps[i].Notes, membershipNotes(st, opts.TerraformMemberships)...)
	}

	var absent []string
	for _, num := range order {
		if !inSheet[num] {
			absent = append(absent, num)
		}
	}
	slices.Sort(absent)
	plan.NotInSheet = len(absent)
	if opts.Prune != PruneNone {
		// The notes name each pruned agent's skill groups by id and name:
		// an id alone told an operator nothing of which groups lose it.
		if groups == nil && slices.ContainsFunc(absent, func(num string) bool {
			_, kept := opts.Terraform[num]
			return !kept && existing[num].Values["queue_ids"] != ""
		}) {
			if gl, ok := api.(SkillGroupLister); ok {
				groups, _ = gl.SkillGroups(ctx) // without it, the groups are named by id
			}
		}
		for _, num := range absent {
			a := existing[num]
			if addr, ok := opts.Terraform[num]; ok {
				// The sheet does not list it because Terraform manages
				// it: resigned or deleted, the next terraform apply made
				// it again (re-activated it, or created a new agent
				// without its history).
				plan.TerraformKept++
				plan.Steps = append(plan.Steps, Step{UserNum: num, UserID: a.UserID, UserName: a.Values["user_name"], Action: ActionUnchanged,
					Notes: []string{fmt.Sprintf("managed by Terraform (%s in the state given): --prune=%s leaves it", addr, opts.Prune)}})
				continue
			}
			switch opts.Prune {
			case PruneResign:
				if a.Values["user_status"] == "2" {
					plan.Steps = append(plan.Steps, Step{UserNum: num, UserID: a.UserID, Action: ActionUnchanged})
					continue
				}
				plan.Steps = append(plan.Steps, Step{UserNum: num, UserID: a.UserID, UserName: a.Values["user_name"], Action: ActionResign,
					Changes: []Change{{Field: "user_status", Old: a.Values["user_status"], New: "2"}},
					Notes:   prunedNotes(a, groups), values: Values{"user_status": "2"}})
			case PruneDelete:
				plan.Steps = append(plan.Steps, Step{UserNum: num, UserID: a.UserID, UserName: a.Values["user_name"], Action: ActionDelete,
					Notes: prunedNotes(a, groups)})
			}
		}
	}
	probs = append(probs, orderUniqueTakes(plan.Steps, existing, r)...)
	sortProblems(probs)
	return plan, probs, nil
}

// prunedNotes are what an operator should know of an agent --prune
// resigns or deletes: that it is signed in now (it may be taking calls),
// and the skill groups it is in (a configuration may manage them).
func prunedNotes(a Agent, groups []SkillGroup) []string {
	var notes []string
	if a.SignedIn {
		notes = append(notes, "signed in now (check_in): it may be taking calls")
	}
	if _, named := namedGroups(a.Values["queue_ids"], groups); len(named) > 0 {
		notes = append(notes, "in skill groups "+strings.Join(named, ", "))
	}
	return notes
}

// namedGroups reads an agent's queue_ids ("101,102") as groups, each
// with its name where groups knows it, and as text: "101 (Sales)", or
// "101" for a group not listed.
func namedGroups(ids string, groups []SkillGroup) ([]GroupRef, []string) {
	var refs []GroupRef
	var named []string
	for _, id := range strings.Split(ids, ",") {
		id = strings.TrimSpace(id)
		n, err := strconv.ParseInt(id, 10, 64)
		if err != nil {
			continue
		}
		g := GroupRef{ID: n}
		text := id
		if i := slices.IndexFunc(groups, func(sg SkillGroup) bool { return sg.ID == n }); i >= 0 && groups[i].Name != "" {
			g.Name = groups[i].Name
			text += groups[i].named()
		}
		refs = append(refs, g)
		named = append(named, text)
	}
	return refs, named
}

// isResigned tells whether a user_status is 2 (resigned).
func isResigned(status string) bool {
	if d := integralDigits(status); d != "" {
		status = d
	}
	return status == "2"
}

// reactivation describes a row's re-activation of the resigned agent a
// (see Reactivation), and the notes the plan shows of it: what stays with
// the number, and whether the row's password is sent.
func reactivation(r *Roster, row AgentRow, a Agent, groups []SkillGroup, passwordSent bool) (*Reactivation, []string) {
	re := &Reactivation{UserID: a.UserID, UserName: a.Values["user_name"], SkillGroups: []GroupRef{},
		SkillGroupsKept: row.Get("queue_ids") == "" || CanonicalIntList(row.Get("queue_ids")) == CanonicalIntList(a.Values["queue_ids"]), PasswordSent: passwordSent}
	refs, named := namedGroups(a.Values["queue_ids"], groups)
	re.SkillGroups = append(re.SkillGroups, refs...)
	var kept []string
	for _, field := range []string{"ag_nickname", "user_email", "user_sms_phone", "fixed_phone", "crm_id"} {
		if old := a.Values[field]; old != "" && row.Get(field) == "" {
			re.Kept = append(re.Kept, field)
			kept = append(kept, fmt.Sprintf("%s %q", field, old))
		}
	}
	back := "brings that account back"
	if d := integralDigits(row.Get("user_status")); d == "3" || row.Get("user_status") == "3" {
		back = "brings that account back, frozen (user_status 3)"
	}
	note := fmt.Sprintf("re-activates resigned agent %d (%q), not a new agent: the platform keeps a resigned agent's number, "+
		"so this row %s, and its call history stays with it", a.UserID, re.UserName, back)
	switch {
	case len(named) == 0:
	case re.SkillGroupsKept && !r.HasColumn("queue_ids"):
		note += fmt.Sprintf(", as do its skill groups %s (the sheet has no queue_ids column)", strings.Join(named, ", "))
	case re.SkillGroupsKept && row.Get("queue_ids") == "":
		note += fmt.Sprintf(", as do its skill groups %s (queue_ids is empty in %s)", strings.Join(named, ", "), r.Cell(row.Row, "queue_ids"))
	case re.SkillGroupsKept:
		note += fmt.Sprintf(", as do its skill groups %s", strings.Join(named, ", "))
	default:
		note += fmt.Sprintf("; the row's queue_ids replaces its skill groups %s", strings.Join(named, ", "))
	}
	if len(kept) > 0 {
		note += fmt.Sprintf("; the cells left empty keep its %s (a roster cannot clear a value)", strings.Join(kept, ", "))
	}
	note += ". For a new person with a record of their own, give the row a user_num no agent has"
	password := "user_password is sent: the row's password replaces the resigned agent's (a re-activation sends it without --reset-passwords)"
	switch {
	case passwordSent:
	case !r.HasColumn("user_password"):
		password = "warning: the sheet has no user_password column, so the resigned agent's old password still opens the account: " +
			"add the column with the new password (a re-activation sends it) or change it in the portal"
	default:
		password = fmt.Sprintf("warning: user_password is empty in %s, so the resigned agent's old password still opens the account: "+
			"type the new password there (a re-activation sends it) or change it in the portal", r.Cell(row.Row, "user_password"))
	}
	return re, []string{note, password}
}

// orderUniqueTakes makes a step that takes a unique value another agent of
// the sheet gives up wait for that agent's step: the platform checks
// uniqueness on every edit (§4.2 "user_email (unique), user_sms_phone
// (unique)"), so the giver's edit (or delete, with --prune=delete) must
// land first. Agents trading values
// (a swap, or any ring) cannot be applied in any order; they are returned
// as problems, one per cell.
func orderUniqueTakes(steps []Step, existing map[string]Agent, r *Roster) Problems {
	owner := map[string]map[string]string{"user_email": {}, "user_sms_phone": {}}
	for num, a := range existing {
		for field, owners := range owner {
			if v := a.Values[field]; v != "" {
				owners[uniqueKey(field, v)] = num
			}
		}
	}
	stepOf := map[string]int{}
	for i, st := range steps {
		stepOf[st.UserNum] = i
	}
	fields := []string{"user_email", "user_sms_phone"}
	for i := range steps {
		for _, field := range fields {
			v := steps[i].values[field]
			if v == "" {
				continue
			}
			giver := owner[field][uniqueKey(field, v)]
			j, ok := stepOf[giver]
			releases := steps[j].Action == ActionDelete || steps[j].values[field] != ""
			if giver == "" || giver == steps[i].UserNum || !ok || !releases {
				continue // nobody holds it, or the holder keeps it (a plan problem already)
			}
			steps[i].after = append(steps[i].after, waitFor{step: j, field: field})
		}
	}
	reaches := func(from, to int) bool {
		seen := map[int]bool{from: true}
		todo := []int{from}
		for len(todo) > 0 {
			k := todo[len(todo)-1]
			todo = todo[:len(todo)-1]
			for _, w := range steps[k].after {
				if w.step == to {
					return true
				}
				if !seen[w.step] {
					seen[w.step] = true
					todo = append(todo, w.step)
				}
			}
		}
		return false
	}
	var probs Problems
	for i, st := range steps {
		for _, w := range st.after {
			if !reaches(w.step, i) {
				continue
			}
			giver := steps[w.step]
			next := giver.values[w.field]
			cell := r.Cell(st.Row, w.field)
			sheet, ref, _ := strings.Cut(cell, "!")
			probs = append(probs, Problem{Sheet: sheet, Cell: ref, Field: w.field, Value: st.values[w.field], HasValue: true,
				Rule: fmt.Sprintf("is held by agent %s, which takes %q held by agent %s; %s must be unique and the platform checks it on every edit, "+
					"so agents cannot trade values in one apply: give one of them a value nobody holds, apply, then set the values you want and apply again",
					giver.UserNum, next, owner[w.field][uniqueKey(w.field, next)], w.field)})
		}
	}
	return probs
}

// uniqueKey is what a unique field's value is compared by: an e-mail
// address without case, a phone without its +86 or 86.
func uniqueKey(field, v string) string {
	switch field {
	case "user_email":
		return strings.ToLower(v)
	case "user_sms_phone":
		return client.NationalMobile(v) // +8613800138000 and 13800138000 are one phone
	}
	return v
}

// sameValue compares a sheet value with the platform's, both canonical.
func sameValue(f Field, old, v string) bool {
	switch f.Kind {
	case KindEmail:
		return strings.EqualFold(old, v)
	case KindIntList, KindEnumList:
		return CanonicalIntList(old) == CanonicalIntList(v)
	case KindBool:
		ob, _ := cellBool(Cell{Text: old})
		return ob == v
	case KindInt, KindEnum:
		if d := integralDigits(old); d != "" {
			old = d
		}
		return old == v
	}
	return old == v
}

// shownValue hides passwords.
func shownValue(field, v string) string {
	if field == "user_password" {
		return "(new password)"
	}
	return v
}

// thousands splits digits into the groups of three a thousands separator
// would have split them into ("101102" → 101, 102).
func thousands(digits string) []string {
	var groups []string
	for len(digits) > 3 {
		groups = append([]string{digits[len(digits)-3:]}, groups...)
		digits = digits[:len(digits)-3]
	}
	return append([]string{digits}, groups...)
}

// allKnown tells whether every id names a skill group of queues.
func allKnown(queues map[int64]bool, ids []string) bool {
	for _, id := range ids {
		n, err := strconv.ParseInt(id, 10, 64)
		if err != nil || !queues[n] {
			return false
		}
	}
	return true
}

// zerosDropped returns the existing agent number, not in the sheet, that
// num equals once leading zeros are dropped from both ("07005" for 7005),
// or "".
func zerosDropped(num string, byBare map[string][]string, inSheet map[string]bool) string {
	for _, e := range byBare[strings.TrimLeft(num, "0")] {
		if e != num && !inSheet[e] {
			return e
		}
	}
	return ""
}

// named is " (Sales)" for a group with a name, or "".
func (g SkillGroup) named() string {
	if g.Name == "" {
		return ""
	}
	return fmt.Sprintf(" (%s)", g.Name)
}

// groupByNum finds the skill group whose que_num is num.
func groupByNum(groups []SkillGroup, num string) (SkillGroup, bool) {
	for _, g := range groups {
		if g.Num != "" && strings.TrimLeft(g.Num, "0") == strings.TrimLeft(num, "0") {
			return g, true
		}
	}
	return SkillGroup{}, false
}

// NameSkillGroups adds to each queue_ids problem of a read roster (a part
// that is not an id) which skill group the part names, when it is a
// group's name or number (que_num): `"Sales" is the name of skill group
// 102`. The reader has no platform to ask; the groups are listed only when
// such a problem is there. Problems stay as they are when api cannot list
// groups or the listing fails (the problem itself is already said).
func NameSkillGroups(ctx context.Context, api AgentAPI, probs Problems) Problems {
	gl, ok := api.(SkillGroupLister)
	if !ok || !slices.ContainsFunc(probs, func(p Problem) bool { return p.Field == "queue_ids" && p.HasValue }) {
		return probs
	}
	groups, err := gl.SkillGroups(ctx)
	if err != nil {
		return probs
	}
	out := slices.Clone(probs)
	for i, p := range out {
		if p.Field != "queue_ids" || !p.HasValue {
			continue
		}
		var said []string
		for _, part := range strings.FieldsFunc(p.Value, func(r rune) bool { return strings.ContainsRune(",;，；、\n", r) }) {
			part = strings.TrimSpace(part)
			if _, err := strconv.ParseInt(part, 10, 64); err == nil || part == "" {
				continue
			}
			for _, g := range groups {
				if g.Name != "" && strings.EqualFold(g.Name, part) {
					said = append(said, fmt.Sprintf("%q is the name of skill group %d: write its id, %d", part, g.ID, g.ID))
					break
				}
				if g.Num != "" && strings.EqualFold(g.Num, part) {
					said = append(said, fmt.Sprintf("%q is the number (que_num) of skill group %d%s: write its id, %d", part, g.ID, g.named(), g.ID))
					break
				}
			}
		}
		if len(said) > 0 {
			out[i].Rule += "; " + strings.Join(said, "; ")
		}
	}
	return out
}

// keptIfUnset are the roster's fields that contactcenter_agent keeps as
// the platform holds them when its configuration leaves them unset
// (optional and computed, without a default: "Unset, the service's value
// is kept"; queue_ids unset manages no membership). The next terraform
// apply sets one back only if the configuration sets it; left unset, the
// sheet's value stays and Terraform's plan shows no change.
var keptIfUnset = map[string]bool{
	"ag_nickname": true, "user_email": true, "user_sms_phone": true, "fixed_phone": true, "crm_id": true, "user_type": true,
	"dept_id": true, "role_id": true, "position_id": true, "supervisor_id": true, "max_sessions": true, "basic_sessions": true, "queue_ids": true,
}

// terraformNote is the warning under a row that changes an agent a
// Terraform state manages (addr): which of its changes the next terraform
// apply sets back. It said "sets back what its configuration says" for
// every change, while a field the configuration leaves unset (a nickname,
// a department) keeps the sheet's value, and the Terraform side never sees
// the edit; and Terraform never reads a password back.
func terraformNote(addr string, changes []Change) string {
	var back, kept []string
	password := false
	for _, c := range changes {
		switch {
		case c.Field == "user_password":
			password = true
		case keptIfUnset[c.Field]:
			kept = append(kept, c.Field)
		default:
			back = append(back, c.Field)
		}
	}
	var says []string
	switch {
	case len(kept) == 0 && len(back) > 0:
		says = append(says, "the next terraform apply sets back what its configuration says")
	case len(back) > 0:
		says = append(says, "the next terraform apply sets back what its configuration says of "+strings.Join(back, ", "))
	}
	if len(kept) > 0 {
		what := "it"
		if len(kept) > 1 {
			what = "each"
		}
		says = append(says, fmt.Sprintf("%s: terraform apply sets %s back only if its configuration sets %s (left unset there, the sheet's value stays, and Terraform's plan shows no change)",
			strings.Join(kept, ", "), what, what))
	}
	if password {
		says = append(says, "user_password: Terraform never reads a password back, so the sheet's stays until the configuration's password changes")
	}
	return fmt.Sprintf("warning: managed by Terraform (%s in the state given): %s; change the agent there, or take the row out of the sheet", addr, strings.Join(says, "; "))
}

// membershipNotes warns of each skill group whose membership a step's
// queue_ids change adds the agent to or takes it out of while Terraform
// manages that membership (managed: PlanOptions.TerraformMemberships): the
// next terraform apply puts it back as its configuration says.
// A row that creates an agent (UserID 0) has no membership of its own
// a state can hold, but it joins a group whose whole membership one does.
func membershipNotes(st Step, managed map[string]string) []string {
	if len(managed) == 0 {
		return nil
	}
	var notes []string
	for _, c := range st.Changes {
		if c.Field != "queue_ids" {
			continue
		}
		was, will := map[string]bool{}, map[string]bool{}
		for _, id := range strings.Split(CanonicalIntList(c.Old), ",") {
			was[id] = id != ""
		}
		for _, id := range strings.Split(CanonicalIntList(c.New), ",") {
			will[id] = id != ""
		}
		var groups []string
		for id := range was {
			if was[id] && !will[id] {
				groups = append(groups, id)
			}
		}
		for id := range will {
			if will[id] && !was[id] {
				groups = append(groups, id)
			}
		}
		slices.Sort(groups)
		for _, g := range groups {
			verb := "adds the agent to"
			if was[g] {
				verb = "takes the agent out of"
			}
			addr, ok := managed[g]
			if !ok && was[g] && st.UserID != 0 {
				addr, ok = managed[fmt.Sprintf("%s:%d", g, st.UserID)]
			}
			if ok {
				notes = append(notes, fmt.Sprintf("warning: queue_ids %s skill group %s, whose membership Terraform manages (%s in the state given): "+
					"the next terraform apply sets back what its configuration says; change the membership there, or leave queue_ids empty in this row", verb, g, addr))
			}
		}
	}
	return notes
}
