package gridmarket.config;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * A user population (issue 14): trace users, named or as a share, whose jobs ask through one request template in
 * the description language: {@code {name: cheap, share: 0.5, request: cheap.req}} or
 * {@code {name: fast, users: [3, 7], request: fast.req}}. The request path is relative to the experiment file.
 */
public final class PopulationSpec {
    private String name;
    private List<Integer> users = new ArrayList<>();
    private Double share;
    private String request;

    /** The population's name, used in results. */
    public String getName() {
        return name;
    }

    public void setName(String name) {
        if (name == null || !name.matches("[A-Za-z0-9_.-]+")) {
            throw new IllegalArgumentException("population name must be letters, digits, '_', '.' or '-', got '"
                    + name + "'");
        }
        SettingsSchema.checkNameLength("population name", name);
        this.name = name;
    }

    /** The trace user ids (SWF field 12) of the population; empty if it is given as a share. */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public List<Integer> getUsers() {
        return users;
    }

    public void setUsers(List<Integer> users) {
        if (users == null || users.isEmpty()) {
            throw new IllegalArgumentException("users must list at least one trace user id");
        }
        if (users.stream().anyMatch(Objects::isNull) || new HashSet<>(users).size() != users.size()) {
            throw new IllegalArgumentException("users must be distinct user ids, got " + users);
        }
        this.users = new ArrayList<>(users);
    }

    /** The share of the trace's users, in (0, 1]; {@code null} if the users are named. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public Double getShare() {
        return share;
    }

    public void setShare(Double share) {
        if (share == null || !SettingsSchema.POPULATION_SHARE.allows(share)) {
            throw new IllegalArgumentException("share must be a number in (0, 1], got " + share);
        }
        this.share = share;
    }

    /** The request template's file (.req, one REQUEST with a KEY "Utility" of ELEMENTs). */
    public String getRequest() {
        return request;
    }

    public void setRequest(String request) {
        if (request == null || request.isBlank()) {
            throw new IllegalArgumentException("request must name a .req file");
        }
        this.request = request;
    }
}
