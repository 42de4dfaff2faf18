//! The ERA layer (paper Section 2.3): between users and the cloud.
//!
//! * User side — [`Era::make_reservation`]: the bid's request goes to the algorithm, which
//!   quotes without seeing the value; the layer alone compares: accept iff `value ≥ price`. The
//!   price is fixed at reservation time.
//! * Cloud side — [`Era::current_allocation`]: what each job should get right now (parts whose
//!   start has come and that have not finished, late ones included); [`Era::update`]: the cloud
//!   reports completions (jobs often use less than they reserved); the plan releases the slots a
//!   finished part no longer needs, so later bids see the freed capacity.

use super::algorithm::{Algorithm, Context, NoQuote, Plan};
use super::model::{Bid, Cloud};
use super::predict::Predictor;

/// The answer to a reservation request.
#[derive(Debug, Clone, PartialEq)]
pub enum Decision {
    Accepted {
        price: f64,
        starts: Vec<u32>,
    },
    /// `quote` is the price the algorithm asked when it could place the request.
    Rejected {
        quote: Option<f64>,
        reason: Rejection,
    },
}

/// Why a bid was rejected.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Rejection {
    NoQuote(NoQuote),
    /// The value is below the quote.
    ValueBelowPrice,
}

/// One part that ERA has promised: where it runs and what it uses.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    /// The bid (reservation) it belongs to, in submission order of acceptance.
    pub reservation: u32,
    pub part: u32,
    pub start: u32,
    /// Planned end (exclusive): `start + duration`.
    pub end: u32,
    pub units: Vec<f64>,
    /// Slot at whose end it finished, once the cloud has reported it.
    pub finished: Option<u32>,
}

/// What the cloud reports (paper Section 2.3.2, "update").
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Feedback {
    /// The slot just executed.
    pub now: u32,
    /// Parts that finished during `now`: indices into [`Era::placed`].
    pub completed: Vec<usize>,
    /// The capacity per resource from `now` on, when it changed (capacity steps that are not
    /// announced in advance).
    pub capacity: Option<Vec<f64>>,
}

/// An allocation instruction: part `placed` should now get `units`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Allocation<'a> {
    pub placed: usize,
    pub units: &'a [f64],
}

/// ERA: an algorithm, a predictor and the plan they build.
pub struct Era<A: Algorithm, P: Predictor> {
    cloud: Cloud,
    algorithm: A,
    predictor: P,
    plan: Plan,
    placed: Vec<Placed>,
    reservations: u32,
    /// Placed parts by start slot, and the parts running (started, not finished).
    starting: Vec<Vec<usize>>,
    running: Vec<usize>,
    activated_until: u32,
}

impl<A: Algorithm, P: Predictor> Era<A, P> {
    pub fn new(cloud: Cloud, algorithm: A, predictor: P) -> Self {
        let plan = Plan::new(&cloud);
        let starting = vec![Vec::new(); cloud.horizon as usize];
        Era {
            cloud,
            algorithm,
            predictor,
            plan,
            placed: Vec::new(),
            reservations: 0,
            starting,
            running: Vec::new(),
            activated_until: 0,
        }
    }

    pub fn cloud(&self) -> &Cloud {
        &self.cloud
    }

    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    pub fn predictor(&self) -> &P {
        &self.predictor
    }

    /// Parts started and not finished (all parts have started once the horizon has been run).
    pub fn running(&self) -> usize {
        self.running.len()
    }

    /// Every part promised so far.
    pub fn placed(&self) -> &[Placed] {
        &self.placed
    }

    /// The quote for a request at the current plan, without a value and without changing the
    /// plan (the "request a quote" form). The predictor's clock moves to the request's submit
    /// time: the quote sees only the predicted demand still to come.
    /// What ended the algorithm's last quote, if it must end the run (see [`Algorithm::fault`]).
    pub fn fault(&self) -> Option<crate::error::Problem> {
        self.algorithm.fault()
    }

    pub fn quote(&mut self, request: &super::model::Request) -> Result<super::algorithm::Quote, NoQuote> {
        if request.submit >= self.cloud.horizon {
            return Err(NoQuote::Closed);
        }
        self.predictor.advance(request.submit);
        let ctx = Context { cloud: &self.cloud, plan: &self.plan, predictor: &self.predictor, now: request.submit };
        self.algorithm.quote(request, &ctx)
    }

    /// `makeReservation`: quote (blind to the value), then one comparison with the value.
    pub fn make_reservation(&mut self, bid: &Bid) -> Decision {
        let quote = match self.quote(&bid.request) {
            Ok(q) => q,
            Err(e) => return Decision::Rejected { quote: None, reason: Rejection::NoQuote(e) },
        };
        if bid.value < quote.price {
            return Decision::Rejected { quote: Some(quote.price), reason: Rejection::ValueBelowPrice };
        }
        let reservation = self.reservations;
        self.reservations += 1;
        for (k, (part, &start)) in bid.request.parts.iter().zip(&quote.starts).enumerate() {
            let units = part.actual_units(&self.cloud);
            let end = start.saturating_add(part.duration);
            self.plan.add(&units, start, end);
            let index = self.placed.len();
            self.placed.push(Placed { reservation, part: k as u32, start, end, units, finished: None });
            if let Some(bucket) = self.starting.get_mut(start as usize) {
                bucket.push(index);
            }
        }
        Decision::Accepted { price: quote.price, starts: quote.starts }
    }

    /// `getCurrentAllocation`: every part whose start has come and that has not finished, with
    /// the units it should get (its actual bundle; the cloud shares capacity if they exceed it).
    pub fn current_allocation(&mut self, now: u32) -> Vec<Allocation<'_>> {
        while self.activated_until <= now && (self.activated_until as usize) < self.starting.len() {
            let bucket = std::mem::take(&mut self.starting[self.activated_until as usize]);
            self.running.extend(bucket);
            self.activated_until += 1;
        }
        self.running.iter().map(|&i| Allocation { placed: i, units: &self.placed[i].units }).collect()
    }

    /// `update`: a reported capacity replaces the plan's from `now` on; completed parts stop
    /// running and release the slots they no longer need.
    pub fn update(&mut self, feedback: &Feedback) {
        if let Some(c) = &feedback.capacity {
            self.plan.report_capacity(feedback.now, c);
        }
        for &i in &feedback.completed {
            let Some(p) = self.placed.get_mut(i) else { continue };
            if p.finished.is_some() {
                continue;
            }
            p.finished = Some(feedback.now);
            let from = (feedback.now + 1).max(p.start);
            if from < p.end {
                let release: Vec<f64> = p.units.iter().map(|u| -u).collect();
                self.plan.add(&release, from, p.end);
            }
        }
        self.running.retain(|&i| self.placed[i].finished.is_none());
    }
}
