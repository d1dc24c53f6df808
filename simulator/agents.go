package simulator

import (
	"encoding/json"
	"fmt"
)

// AgentsState holds the agents (users) of the enterprise (spec §2.6).
type AgentsState struct {
	Users map[int64]*Agent `json:"users"`
}

func (x *AgentsState) init() {
	if x.Users == nil {
		x.Users = map[int64]*Agent{}
	}
}

// Agent is one agent. Skill-group membership lives in QueuesState.Members.
type Agent struct {
	UserID   int64  `json:"user_id"`
	UserNum  string `json:"user_num"`
	UserName string `json:"user_name"`
	// UserStatus is 1 on duty, 2 resigned, 3 frozen (§3.3).
	UserStatus int64 `json:"user_status"`
	// CheckIn is the static sign-in state: an agent signed in under a group
	// blocks its deletion (queue/delete code 410).
	CheckIn bool `json:"check_in"`
}

func init() {
	registerDomain(domain{name: "agents", seedKeys: map[string]func(*Server, json.RawMessage) error{
		// "agents": [{"user_num": "9001", "user_name": "Ann", "check_in": false}, ...]
		"agents": func(s *Server, raw json.RawMessage) error {
			var in []Agent
			if err := json.Unmarshal(raw, &in); err != nil {
				return err
			}
			for i := range in {
				a := in[i]
				if a.UserNum == "" {
					return fmt.Errorf("agent %d: user_num is required", i)
				}
				if a.UserID == 0 {
					a.UserID = s.st.NextID("agent", 1000)
				}
				if a.UserStatus == 0 {
					a.UserStatus = 1
				}
				s.st.Agents.Users[a.UserID] = &a
			}
			return nil
		},
	}})
}
