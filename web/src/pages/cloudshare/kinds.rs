//! The menus' forms of the organizations (a list, equal processors, a Zipf law) and of the jobs
//! (a table, a generator, a log window), named as the editors' selects name them.

use cloudecon::cloudshare::workload::{JobsSpec, OrgsByCount, OrgsSpec, ProcessorsSpec};

use crate::components::Choice;

/// How the organizations are given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrgsKind {
    List,
    Equal,
    Zipf,
}

impl OrgsKind {
    pub fn of(o: &OrgsSpec) -> Self {
        match o {
            OrgsSpec::List(_) => OrgsKind::List,
            OrgsSpec::Count(OrgsByCount { processors: ProcessorsSpec::Equal(_), .. }) => OrgsKind::Equal,
            OrgsSpec::Count(_) => OrgsKind::Zipf,
        }
    }
}

impl Choice for OrgsKind {
    const ALL: &'static [OrgsKind] = &[OrgsKind::List, OrgsKind::Equal, OrgsKind::Zipf];

    fn tag(self) -> &'static str {
        match self {
            OrgsKind::List => "list",
            OrgsKind::Equal => "equal",
            OrgsKind::Zipf => "zipf",
        }
    }

    fn label(self) -> &'static str {
        match self {
            OrgsKind::List => crate::i18n::fixed("cloudshare-orgs-kind-list"),
            OrgsKind::Equal => crate::i18n::fixed("cloudshare-orgs-kind-equal"),
            OrgsKind::Zipf => crate::i18n::fixed("cloudshare-orgs-kind-zipf"),
        }
    }
}

/// Where the jobs come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobsKind {
    List,
    Generator,
    Swf,
}

impl JobsKind {
    pub fn of(j: &JobsSpec) -> Self {
        match j {
            JobsSpec::List(_) => JobsKind::List,
            JobsSpec::Generated(_) => JobsKind::Generator,
            JobsSpec::Swf(_) => JobsKind::Swf,
        }
    }
}

impl Choice for JobsKind {
    const ALL: &'static [JobsKind] = &[JobsKind::List, JobsKind::Generator, JobsKind::Swf];

    fn tag(self) -> &'static str {
        match self {
            JobsKind::List => "list",
            JobsKind::Generator => "generator",
            JobsKind::Swf => "swf",
        }
    }

    fn label(self) -> &'static str {
        match self {
            JobsKind::List => crate::i18n::fixed("cloudshare-jobs-kind-list"),
            JobsKind::Generator => crate::i18n::fixed("cloudshare-jobs-kind-generator"),
            JobsKind::Swf => crate::i18n::fixed("cloudshare-jobs-kind-swf"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn every_form_reads_back_from_its_tag_and_no_other_tag_reads() {
        for &k in OrgsKind::ALL {
            assert_eq!(OrgsKind::from_tag(k.tag()), Some(k));
        }
        for &k in JobsKind::ALL {
            assert_eq!(JobsKind::from_tag(k.tag()), Some(k));
        }
        assert_eq!(JobsKind::from_tag("generated"), None, "the menu's tag is \"generator\"");
        assert_eq!(OrgsKind::from_tag(""), None);
    }
}
