--
-- PostgreSQL database dump
--

\restrict 4YO5fbi7TFk1qsILNdiN5KIWd8vxhdmyNVaPqG1ZIvWpbbfL6zMjWyDDLzI0h3I

-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: action; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.action (
    game_id integer NOT NULL,
    number integer NOT NULL,
    seat integer NOT NULL,
    text character varying NOT NULL,
    requested_at timestamp with time zone NOT NULL,
    latency_ms double precision,
    decided_by character varying(32) NOT NULL,
    comment character varying
);


--
-- Name: bot; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.bot (
    id integer NOT NULL,
    name character varying(64) NOT NULL,
    game character varying(32) NOT NULL,
    kind character varying(32) NOT NULL,
    command character varying,
    limits json NOT NULL,
    key_hash character varying(64),
    description character varying NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: bot_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.bot_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: bot_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.bot_id_seq OWNED BY public.bot.id;


--
-- Name: event; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.event (
    game_id integer NOT NULL,
    number integer NOT NULL,
    at timestamp with time zone NOT NULL,
    kind character varying NOT NULL,
    visible_to integer,
    text character varying NOT NULL,
    data json NOT NULL,
    seat integer
);


--
-- Name: fault; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.fault (
    id integer NOT NULL,
    game_id integer NOT NULL,
    seat integer NOT NULL,
    kind character varying NOT NULL,
    detail character varying NOT NULL,
    at timestamp with time zone NOT NULL,
    action_number integer
);


--
-- Name: fault_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.fault_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: fault_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.fault_id_seq OWNED BY public.fault.id;


--
-- Name: game; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.game (
    id integer NOT NULL,
    match_id integer NOT NULL,
    game character varying(32) NOT NULL,
    options json NOT NULL,
    variant character varying(32) NOT NULL,
    seed bigint NOT NULL,
    status character varying(32) NOT NULL,
    started_at timestamp with time zone NOT NULL,
    finished_at timestamp with time zone,
    result json,
    ended_by character varying,
    end_detail character varying NOT NULL
);


--
-- Name: game_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.game_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: game_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.game_id_seq OWNED BY public.game.id;


--
-- Name: match; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.match (
    id integer NOT NULL,
    game character varying(32) NOT NULL,
    options json NOT NULL,
    settings json NOT NULL,
    status character varying(32) NOT NULL,
    created_at timestamp with time zone NOT NULL,
    tournament_id integer,
    schedule_number integer,
    schedule_deal integer
);


--
-- Name: match_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.match_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: match_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.match_id_seq OWNED BY public.match.id;


--
-- Name: output_line; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.output_line (
    game_id integer NOT NULL,
    seat integer NOT NULL,
    number integer NOT NULL,
    at timestamp with time zone NOT NULL,
    stream character varying(16) NOT NULL,
    text character varying NOT NULL
);


--
-- Name: seat; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.seat (
    game_id integer NOT NULL,
    seat integer NOT NULL,
    bot_id integer NOT NULL,
    token_hash character varying(64) NOT NULL,
    status character varying(32) NOT NULL,
    forfeited_at_event integer,
    score integer,
    place integer,
    decisions integer NOT NULL,
    output_dropped_bytes bigint NOT NULL
);


--
-- Name: tournament; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tournament (
    id integer NOT NULL,
    game character varying(32) NOT NULL,
    options json NOT NULL,
    format character varying(32) NOT NULL,
    settings json NOT NULL,
    status character varying(32) NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: tournament_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.tournament_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: tournament_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.tournament_id_seq OWNED BY public.tournament.id;


--
-- Name: bot id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bot ALTER COLUMN id SET DEFAULT nextval('public.bot_id_seq'::regclass);


--
-- Name: fault id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.fault ALTER COLUMN id SET DEFAULT nextval('public.fault_id_seq'::regclass);


--
-- Name: game id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.game ALTER COLUMN id SET DEFAULT nextval('public.game_id_seq'::regclass);


--
-- Name: match id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.match ALTER COLUMN id SET DEFAULT nextval('public.match_id_seq'::regclass);


--
-- Name: tournament id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tournament ALTER COLUMN id SET DEFAULT nextval('public.tournament_id_seq'::regclass);


--
-- Data for Name: action; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.action VALUES (1, 0, 2, 'play moon5 star6 sun7 star8 moon9', '2026-12-01 11:27:46.889331+00', 6.643353999947976, 'bot', 'plays weighed: 37, the hand left costs 9.55 (danger 0.00)');
INSERT INTO public.action VALUES (1, 1, 0, 'play moon6 moon7 cloud8 cloud9 star1', '2026-12-01 11:27:46.896697+00', 1.0358540000652283, 'bot', NULL);
INSERT INTO public.action VALUES (2, 0, 2, 'play cloud3 cloud4 moon5 moon1 star2', '2026-12-01 11:27:46.939032+00', 2.002092999987326, 'bot', NULL);
INSERT INTO public.action VALUES (1, 2, 1, 'play sun6 cloud7 sun8 star9 sun1', '2026-12-01 11:27:46.898035+00', 0.88742100001582, 'bot', NULL);
INSERT INTO public.action VALUES (2, 1, 0, 'play cloud5 cloud6 cloud8 cloud9 cloud1', '2026-12-01 11:27:46.941446+00', 3.2676220000666945, 'bot', NULL);
INSERT INTO public.action VALUES (1, 3, 2, 'play cloud3 cloud4 sun5 moon1 star2', '2026-12-01 11:27:46.89914+00', 1.960841000027358, 'bot', 'plays weighed: 1, the hand left costs 3.60 (danger 0.00)');
INSERT INTO public.action VALUES (2, 2, 1, 'play star3 sun3 cloud2 moon2 sun2', '2026-12-01 11:27:46.94492+00', 0.9394989999691461, 'bot', 'plays weighed: 3, the hand left costs 8.63 (danger 0.00)');
INSERT INTO public.action VALUES (1, 4, 0, 'pass', '2026-12-01 11:27:46.901422+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (2, 3, 2, 'pass', '2026-12-01 11:27:46.946036+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (1, 5, 1, 'play star3 sun3 cloud2 moon2 sun2', '2026-12-01 11:27:46.901474+00', 1.0043760000826296, 'bot', NULL);
INSERT INTO public.action VALUES (2, 4, 0, 'pass', '2026-12-01 11:27:46.94607+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (1, 6, 2, 'pass', '2026-12-01 11:27:46.902767+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (1, 7, 0, 'pass', '2026-12-01 11:27:46.90282+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (2, 5, 1, 'play sun6 cloud7 sun8 star9 sun1', '2026-12-01 11:27:46.946123+00', 0.8762539999906949, 'bot', 'plays weighed: 9, the hand left costs 2.83 (danger 0.00)');
INSERT INTO public.action VALUES (1, 8, 1, 'play star4 moon4', '2026-12-01 11:27:46.902874+00', 1.0629350000499471, 'bot', NULL);
INSERT INTO public.action VALUES (2, 6, 2, 'pass', '2026-12-01 11:27:46.947188+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (2, 7, 0, 'pass', '2026-12-01 11:27:46.947215+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (2, 8, 1, 'play star4 moon4', '2026-12-01 11:27:46.947251+00', 0.6491539999160523, 'bot', 'plays weighed: 3, the hand left costs 0.00 (danger 0.00)');
INSERT INTO public.action VALUES (3, 0, 2, 'play cloud3 cloud4 moon5 star6 sun7', '2026-12-01 11:27:47.825756+00', 5.4760140000098545, 'bot', NULL);
INSERT INTO public.action VALUES (3, 1, 0, 'play cloud5 cloud6 star7 cloud8 cloud9', '2026-12-01 11:27:47.831719+00', 4.532498000003216, 'bot', 'plays weighed: 25, the hand left costs 8.30 (danger 0.00)');
INSERT INTO public.action VALUES (3, 2, 1, 'pass', '2026-12-01 11:27:47.836598+00', 0.6662800000185598, 'bot', NULL);
INSERT INTO public.action VALUES (3, 3, 2, 'pass', '2026-12-01 11:27:47.837427+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (3, 4, 0, 'play moon3 sun4 star5 moon6 moon7', '2026-12-01 11:27:47.837488+00', 13.77961800005778, 'bot', 'plays weighed: 9, the hand left costs 2.50 (danger 0.00)');
INSERT INTO public.action VALUES (3, 5, 1, 'pass', '2026-12-01 11:27:47.851499+00', 0.6471010000268507, 'bot', NULL);
INSERT INTO public.action VALUES (3, 6, 2, 'pass', '2026-12-01 11:27:47.852324+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (3, 7, 0, 'play cloud1 star1', '2026-12-01 11:27:47.852368+00', 0.72007999995094, 'bot', 'plays weighed: 3, the hand left costs 0.00 (danger 0.00)');
INSERT INTO public.action VALUES (4, 0, 0, 'discard AH 4C', '2026-12-01 11:27:50.884551+00', NULL, 'default', NULL);
INSERT INTO public.action VALUES (4, 1, 1, 'discard AS 2H', '2026-12-01 11:27:50.884584+00', 4.597986000021592, 'bot', NULL);
INSERT INTO public.action VALUES (4, 2, 1, 'peg 6C', '2026-12-01 11:27:50.889536+00', 0.5426840000382072, 'bot', NULL);
INSERT INTO public.action VALUES (4, 3, 0, 'peg 8H', '2026-12-01 11:27:50.890251+00', NULL, 'default', NULL);
INSERT INTO public.action VALUES (4, 4, 1, 'peg 7C', '2026-12-01 11:27:50.890293+00', 0.3843470000219895, 'bot', NULL);
INSERT INTO public.action VALUES (4, 5, 0, 'peg 8S', '2026-12-01 11:27:50.890816+00', NULL, 'default', NULL);
INSERT INTO public.action VALUES (4, 6, 0, 'discard 2H 3D', '2026-12-01 11:27:50.891192+00', NULL, 'default', NULL);
INSERT INTO public.action VALUES (4, 7, 1, 'discard AH 3H', '2026-12-01 11:27:50.891207+00', 0.7002300000067407, 'bot', NULL);
INSERT INTO public.action VALUES (4, 8, 0, 'peg JH', '2026-12-01 11:27:50.89213+00', NULL, 'default', NULL);
INSERT INTO public.action VALUES (4, 9, 1, 'peg 5H', '2026-12-01 11:27:50.892168+00', 0.49041500005841954, 'bot', NULL);
INSERT INTO public.action VALUES (4, 10, 0, 'peg JS', '2026-12-01 11:27:50.892786+00', NULL, 'default', NULL);
INSERT INTO public.action VALUES (4, 11, 1, 'peg 6D', '2026-12-01 11:27:50.892824+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (4, 12, 0, 'discard 2H 7C', '2026-12-01 11:27:50.893219+00', NULL, 'default', NULL);
INSERT INTO public.action VALUES (4, 13, 1, 'discard AD 5D', '2026-12-01 11:27:50.893234+00', 0.6502149999505491, 'bot', NULL);
INSERT INTO public.action VALUES (4, 14, 1, 'peg 7H', '2026-12-01 11:27:50.89409+00', 0.40330400008770084, 'bot', NULL);
INSERT INTO public.action VALUES (4, 15, 0, 'peg 8S', '2026-12-01 11:27:50.894598+00', NULL, 'default', NULL);
INSERT INTO public.action VALUES (4, 16, 1, 'peg 8H', '2026-12-01 11:27:50.894631+00', 0.3606010000112292, 'bot', NULL);
INSERT INTO public.action VALUES (4, 17, 0, 'discard AS 2S', '2026-12-01 11:27:50.895352+00', NULL, 'default', NULL);
INSERT INTO public.action VALUES (4, 18, 1, 'discard 3S 7D', '2026-12-01 11:27:50.895365+00', 0.8634949999759556, 'bot', NULL);
INSERT INTO public.action VALUES (4, 19, 0, 'peg 6S', '2026-12-01 11:27:50.896428+00', NULL, 'default', NULL);
INSERT INTO public.action VALUES (4, 20, 1, 'peg 9D', '2026-12-01 11:27:50.896461+00', 0.4754330000196205, 'bot', NULL);
INSERT INTO public.action VALUES (4, 21, 0, 'peg 8D', '2026-12-01 11:27:50.897043+00', NULL, 'default', NULL);
INSERT INTO public.action VALUES (4, 22, 1, 'peg 5D', '2026-12-01 11:27:50.897075+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (4, 23, 0, 'discard 2D 3D', '2026-12-01 11:27:50.897314+00', NULL, 'default', NULL);
INSERT INTO public.action VALUES (4, 24, 1, 'discard AD JC', '2026-12-01 11:27:50.897326+00', 0.6885819999524756, 'bot', NULL);
INSERT INTO public.action VALUES (4, 25, 1, 'peg 9C', '2026-12-01 11:27:50.898201+00', 0.3995789999180488, 'bot', NULL);
INSERT INTO public.action VALUES (4, 26, 0, 'peg 4D', '2026-12-01 11:27:50.898712+00', NULL, 'default', NULL);
INSERT INTO public.action VALUES (4, 27, 1, 'peg 9S', '2026-12-01 11:27:50.898742+00', 0.328332999970371, 'bot', NULL);
INSERT INTO public.action VALUES (4, 28, 0, 'peg 4H', '2026-12-01 11:27:50.899171+00', NULL, 'default', NULL);
INSERT INTO public.action VALUES (4, 29, 0, 'peg 5C', '2026-12-01 11:27:50.899212+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (4, 30, 0, 'discard 4S 7H', '2026-12-01 11:27:50.899427+00', NULL, 'default', NULL);
INSERT INTO public.action VALUES (4, 31, 1, 'discard 4H 8H', '2026-12-01 11:27:50.899439+00', 0.683945999981006, 'bot', NULL);
INSERT INTO public.action VALUES (4, 32, 0, 'peg 7S', '2026-12-01 11:27:50.900318+00', NULL, 'default', NULL);
INSERT INTO public.action VALUES (4, 33, 1, 'peg 5H', '2026-12-01 11:27:50.900351+00', 0.5606210000905776, 'bot', NULL);
INSERT INTO public.action VALUES (4, 34, 0, 'peg 8C', '2026-12-01 11:27:50.901018+00', NULL, 'default', NULL);
INSERT INTO public.action VALUES (4, 35, 1, 'peg 9C', '2026-12-01 11:27:50.901053+00', 0.36399600003278465, 'bot', NULL);
INSERT INTO public.action VALUES (5, 0, 1, 'play cloud3', '2026-12-01 11:27:56.934855+00', NULL, 'default', NULL);
INSERT INTO public.action VALUES (5, 1, 2, 'play sun4', '2026-12-01 11:27:56.934944+00', 3.324396000039087, 'bot', NULL);
INSERT INTO public.action VALUES (5, 2, 3, 'play star13', '2026-12-01 11:27:56.938678+00', 3.500059999964833, 'bot', NULL);
INSERT INTO public.action VALUES (5, 3, 0, 'play moon2', '2026-12-01 11:27:56.942529+00', 2.8908860000456116, 'bot', 'plays weighed: 4, the hand left costs 17.81 (danger 0.00)');
INSERT INTO public.action VALUES (5, 4, 1, 'pass', '2026-12-01 11:27:56.945694+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 5, 2, 'pass', '2026-12-01 11:27:56.945728+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 6, 3, 'pass', '2026-12-01 11:27:56.945753+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 7, 0, 'play cloud6 star6', '2026-12-01 11:27:56.945839+00', 3.66765100000066, 'bot', 'plays weighed: 16, the hand left costs 14.91 (danger 0.00)');
INSERT INTO public.action VALUES (5, 8, 1, 'pass', '2026-12-01 11:27:56.949828+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 9, 2, 'play cloud8 moon8', '2026-12-01 11:27:56.949867+00', 2.866498999992473, 'bot', NULL);
INSERT INTO public.action VALUES (5, 10, 3, 'pass', '2026-12-01 11:27:56.952969+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 11, 0, 'play star8 sun8', '2026-12-01 11:27:56.953002+00', 1.1406300000089686, 'bot', 'plays weighed: 3, the hand left costs 12.03 (danger 0.00)');
INSERT INTO public.action VALUES (5, 12, 1, 'pass', '2026-12-01 11:27:56.95433+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 13, 2, 'play star10 moon10', '2026-12-01 11:27:56.954356+00', 0.958017000016298, 'bot', NULL);
INSERT INTO public.action VALUES (5, 14, 3, 'pass', '2026-12-01 11:27:56.955475+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 15, 0, 'play star1 moon1', '2026-12-01 11:27:56.955498+00', 1.037054999983411, 'bot', 'plays weighed: 1, the hand left costs 9.52 (danger 0.00)');
INSERT INTO public.action VALUES (5, 16, 1, 'pass', '2026-12-01 11:27:56.956695+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 17, 2, 'pass', '2026-12-01 11:27:56.956716+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 18, 3, 'pass', '2026-12-01 11:27:56.956734+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 19, 0, 'play cloud9 sun9', '2026-12-01 11:27:56.956786+00', 1.7000699999698554, 'bot', 'plays weighed: 7, the hand left costs 6.67 (danger 0.00)');
INSERT INTO public.action VALUES (5, 20, 1, 'pass', '2026-12-01 11:27:56.958683+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 21, 2, 'play cloud12 star12', '2026-12-01 11:27:56.958704+00', 0.8850269999811644, 'bot', NULL);
INSERT INTO public.action VALUES (5, 22, 3, 'pass', '2026-12-01 11:27:56.959751+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 23, 0, 'pass', '2026-12-01 11:27:56.959768+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 24, 1, 'pass', '2026-12-01 11:27:56.959786+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 25, 2, 'play cloud5 sun5', '2026-12-01 11:27:56.959831+00', 1.7426030000251558, 'bot', NULL);
INSERT INTO public.action VALUES (5, 26, 3, 'play star7 sun7', '2026-12-01 11:27:56.961772+00', 0.7895239999697878, 'bot', NULL);
INSERT INTO public.action VALUES (5, 27, 0, 'pass', '2026-12-01 11:27:56.962762+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 28, 1, 'pass', '2026-12-01 11:27:56.962782+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 29, 2, 'pass', '2026-12-01 11:27:56.962798+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 30, 3, 'play star11', '2026-12-01 11:27:56.962848+00', 1.4687930000718552, 'bot', NULL);
INSERT INTO public.action VALUES (5, 31, 0, 'play sun11', '2026-12-01 11:27:56.96455+00', 0.8160750001025008, 'bot', 'plays weighed: 3, the hand left costs 6.10 (danger 0.30)');
INSERT INTO public.action VALUES (5, 32, 1, 'play moon12', '2026-12-01 11:27:56.965572+00', NULL, 'default', NULL);
INSERT INTO public.action VALUES (5, 33, 2, 'play sun13', '2026-12-01 11:27:56.965621+00', 0.9074409999811905, 'bot', NULL);
INSERT INTO public.action VALUES (5, 34, 3, 'play cloud2', '2026-12-01 11:27:56.966784+00', 0.8125690000042596, 'bot', NULL);
INSERT INTO public.action VALUES (5, 35, 0, 'play sun2', '2026-12-01 11:27:56.9678+00', 0.7840859999532768, 'bot', 'plays weighed: 1, the hand left costs 4.79 (danger 0.55)');
INSERT INTO public.action VALUES (5, 36, 1, 'pass', '2026-12-01 11:27:56.968784+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 37, 2, 'pass', '2026-12-01 11:27:56.968801+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 38, 3, 'pass', '2026-12-01 11:27:56.968817+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 39, 0, 'play star5', '2026-12-01 11:27:56.968851+00', 1.0609820000127002, 'bot', 'plays weighed: 2, the hand left costs 2.30 (danger 0.55)');
INSERT INTO public.action VALUES (5, 40, 1, 'play moon5', '2026-12-01 11:27:56.970137+00', NULL, 'default', NULL);
INSERT INTO public.action VALUES (5, 41, 2, 'play moon6', '2026-12-01 11:27:56.97017+00', 0.842744000010498, 'bot', NULL);
INSERT INTO public.action VALUES (5, 42, 3, 'play cloud1', '2026-12-01 11:27:56.971231+00', 0.719880000019657, 'bot', NULL);
INSERT INTO public.action VALUES (5, 43, 0, 'pass', '2026-12-01 11:27:56.97219+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 44, 1, 'play sun1', '2026-12-01 11:27:56.972214+00', NULL, 'default', NULL);
INSERT INTO public.action VALUES (5, 45, 2, 'pass', '2026-12-01 11:27:56.972242+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 46, 3, 'pass', '2026-12-01 11:27:56.972258+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 47, 0, 'pass', '2026-12-01 11:27:56.972271+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (5, 48, 1, 'play star3', '2026-12-01 11:27:56.972344+00', NULL, 'default', NULL);
INSERT INTO public.action VALUES (5, 49, 2, 'play star9', '2026-12-01 11:27:56.972376+00', 1.6560540000227775, 'bot', NULL);
INSERT INTO public.action VALUES (5, 50, 3, 'play sun12', '2026-12-01 11:27:56.974281+00', 0.766640000051666, 'bot', NULL);
INSERT INTO public.action VALUES (5, 51, 0, 'play cloud13', '2026-12-01 11:27:56.975294+00', 0.642022999954861, 'bot', 'plays weighed: 1, the hand left costs 0.00 (danger 1.00)');
INSERT INTO public.action VALUES (6, 0, 0, 'discard 5S 7D', '2026-12-01 11:27:59.19767+00', 51.27585100012766, 'bot', NULL);
INSERT INTO public.action VALUES (6, 1, 1, 'discard 4C 7S', '2026-12-01 11:27:59.197827+00', 3.0033540001568326, 'bot', NULL);
INSERT INTO public.action VALUES (6, 2, 1, 'peg 2S', '2026-12-01 11:27:59.249299+00', 0.8639160000711854, 'bot', NULL);
INSERT INTO public.action VALUES (6, 3, 0, 'peg 7H', '2026-12-01 11:27:59.250333+00', 52.48642700007622, 'bot', NULL);
INSERT INTO public.action VALUES (6, 4, 1, 'peg JS', '2026-12-01 11:27:59.302984+00', 0.5065390000709158, 'bot', NULL);
INSERT INTO public.action VALUES (6, 5, 0, 'peg 9D', '2026-12-01 11:27:59.303658+00', 50.61425799999597, 'bot', NULL);
INSERT INTO public.action VALUES (6, 6, 1, 'peg AD', '2026-12-01 11:27:59.354457+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 7, 0, 'peg TH', '2026-12-01 11:27:59.354542+00', 50.978635000092254, 'bot', NULL);
INSERT INTO public.action VALUES (6, 8, 1, 'peg 5C', '2026-12-01 11:27:59.405688+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 9, 0, 'peg QC', '2026-12-01 11:27:59.405723+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 10, 0, 'discard 2H 2S', '2026-12-01 11:27:59.406211+00', 52.0062359998974, 'bot', NULL);
INSERT INTO public.action VALUES (6, 11, 1, 'discard 6H 9C', '2026-12-01 11:27:59.406334+00', 1.824635999810198, 'bot', NULL);
INSERT INTO public.action VALUES (6, 12, 0, 'peg 3H', '2026-12-01 11:27:59.45864+00', 51.10091799997463, 'bot', NULL);
INSERT INTO public.action VALUES (6, 13, 1, 'peg QH', '2026-12-01 11:27:59.509966+00', 0.643004000039582, 'bot', NULL);
INSERT INTO public.action VALUES (6, 14, 0, 'peg 6S', '2026-12-01 11:27:59.510756+00', 50.68634600002042, 'bot', NULL);
INSERT INTO public.action VALUES (6, 15, 1, 'peg KH', '2026-12-01 11:27:59.561604+00', 0.6074709999666084, 'bot', NULL);
INSERT INTO public.action VALUES (6, 16, 0, 'peg 9H', '2026-12-01 11:27:59.562388+00', 51.27337700014323, 'bot', NULL);
INSERT INTO public.action VALUES (6, 17, 1, 'peg 5S', '2026-12-01 11:27:59.613873+00', 0.7460090000677155, 'bot', NULL);
INSERT INTO public.action VALUES (6, 18, 0, 'peg TD', '2026-12-01 11:27:59.614781+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 19, 1, 'peg 3C', '2026-12-01 11:27:59.61481+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 20, 0, 'discard 2C 3H', '2026-12-01 11:27:59.61519+00', 52.12893099997018, 'bot', NULL);
INSERT INTO public.action VALUES (6, 21, 1, 'discard 4H 6D', '2026-12-01 11:27:59.615303+00', 2.3420630000146048, 'bot', NULL);
INSERT INTO public.action VALUES (6, 22, 1, 'peg 8D', '2026-12-01 11:27:59.667663+00', 1.0486319999927218, 'bot', NULL);
INSERT INTO public.action VALUES (6, 23, 0, 'peg 5C', '2026-12-01 11:27:59.66886+00', 50.72918100017887, 'bot', NULL);
INSERT INTO public.action VALUES (6, 24, 1, 'peg QC', '2026-12-01 11:27:59.71974+00', 0.5379270000958059, 'bot', NULL);
INSERT INTO public.action VALUES (6, 25, 0, 'peg 8C', '2026-12-01 11:27:59.720415+00', 50.75219500008643, 'bot', NULL);
INSERT INTO public.action VALUES (6, 26, 1, 'peg 7S', '2026-12-01 11:27:59.771356+00', 0.7361039999977947, 'bot', NULL);
INSERT INTO public.action VALUES (6, 27, 0, 'peg 8H', '2026-12-01 11:27:59.77222+00', 50.714198999912696, 'bot', NULL);
INSERT INTO public.action VALUES (6, 28, 1, 'peg QH', '2026-12-01 11:27:59.824593+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 29, 0, 'peg KC', '2026-12-01 11:27:59.824678+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 30, 0, 'discard AH 9D', '2026-12-01 11:27:59.825269+00', 52.17742300010286, 'bot', NULL);
INSERT INTO public.action VALUES (6, 31, 1, 'discard 4H 8S', '2026-12-01 11:27:59.825397+00', 2.1782369999527873, 'bot', NULL);
INSERT INTO public.action VALUES (6, 32, 0, 'peg 9H', '2026-12-01 11:27:59.87781+00', 51.13493900012145, 'bot', NULL);
INSERT INTO public.action VALUES (6, 33, 1, 'peg 8C', '2026-12-01 11:27:59.929118+00', 0.6063900000299327, 'bot', NULL);
INSERT INTO public.action VALUES (6, 34, 0, 'peg JD', '2026-12-01 11:27:59.929857+00', 50.5850450001617, 'bot', NULL);
INSERT INTO public.action VALUES (6, 35, 1, 'peg 3C', '2026-12-01 11:27:59.980601+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 36, 0, 'peg QS', '2026-12-01 11:27:59.980677+00', 51.192866000064896, 'bot', NULL);
INSERT INTO public.action VALUES (6, 37, 1, 'peg TD', '2026-12-01 11:28:00.032082+00', 0.7626639999216422, 'bot', NULL);
INSERT INTO public.action VALUES (6, 38, 0, 'peg KC', '2026-12-01 11:28:00.033016+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 39, 1, 'peg 5H', '2026-12-01 11:28:00.033089+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 40, 0, 'discard 7D 9D', '2026-12-01 11:28:00.033684+00', 52.52120900013324, 'bot', NULL);
INSERT INTO public.action VALUES (6, 41, 1, 'discard 6C 8H', '2026-12-01 11:28:00.033809+00', 2.085258000079193, 'bot', NULL);
INSERT INTO public.action VALUES (6, 42, 1, 'peg 2H', '2026-12-01 11:28:00.086667+00', 1.236313999925187, 'bot', NULL);
INSERT INTO public.action VALUES (6, 43, 0, 'peg TC', '2026-12-01 11:28:00.088072+00', 50.92828000010741, 'bot', NULL);
INSERT INTO public.action VALUES (6, 44, 1, 'peg AD', '2026-12-01 11:28:00.139255+00', 0.7873910001308104, 'bot', NULL);
INSERT INTO public.action VALUES (6, 45, 0, 'peg JH', '2026-12-01 11:28:00.140228+00', 51.18697700004304, 'bot', NULL);
INSERT INTO public.action VALUES (6, 46, 1, 'peg 3S', '2026-12-01 11:28:00.191735+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 47, 0, 'peg QH', '2026-12-01 11:28:00.191814+00', 51.870693000182655, 'bot', NULL);
INSERT INTO public.action VALUES (6, 48, 1, 'peg KS', '2026-12-01 11:28:00.244009+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 49, 0, 'peg KD', '2026-12-01 11:28:00.24404+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 50, 0, 'discard AS 4D', '2026-12-01 11:28:00.24462+00', 52.30217999996967, 'bot', NULL);
INSERT INTO public.action VALUES (6, 51, 1, 'discard 6D 9H', '2026-12-01 11:28:00.244797+00', 2.0545119998587325, 'bot', NULL);
INSERT INTO public.action VALUES (6, 52, 0, 'peg 4S', '2026-12-01 11:28:00.297415+00', 51.60815900012494, 'bot', NULL);
INSERT INTO public.action VALUES (6, 53, 1, 'peg KC', '2026-12-01 11:28:00.349323+00', 0.7685929999752261, 'bot', NULL);
INSERT INTO public.action VALUES (6, 54, 0, 'peg 8C', '2026-12-01 11:28:00.350265+00', 50.67598100004034, 'bot', NULL);
INSERT INTO public.action VALUES (6, 55, 1, 'peg 5C', '2026-12-01 11:28:00.401105+00', 0.5924179999965418, 'bot', NULL);
INSERT INTO public.action VALUES (6, 56, 1, 'peg 2C', '2026-12-01 11:28:00.401844+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 57, 0, 'peg 9S', '2026-12-01 11:28:00.401902+00', 51.21733300006781, 'bot', NULL);
INSERT INTO public.action VALUES (6, 58, 1, 'peg JS', '2026-12-01 11:28:00.453258+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 59, 0, 'peg TC', '2026-12-01 11:28:00.453285+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 60, 0, 'discard 3S 5D', '2026-12-01 11:28:00.453623+00', 52.11510000003727, 'bot', NULL);
INSERT INTO public.action VALUES (6, 61, 1, 'discard 6H QD', '2026-12-01 11:28:00.453731+00', 1.8371549999756098, 'bot', NULL);
INSERT INTO public.action VALUES (6, 62, 1, 'peg 7H', '2026-12-01 11:28:00.506018+00', 1.0148119999939809, 'bot', NULL);
INSERT INTO public.action VALUES (6, 63, 0, 'peg 6D', '2026-12-01 11:28:00.50716+00', 50.60698700003741, 'bot', NULL);
INSERT INTO public.action VALUES (6, 64, 1, 'peg 8S', '2026-12-01 11:28:00.557906+00', 0.5217329999140929, 'bot', NULL);
INSERT INTO public.action VALUES (6, 65, 0, 'peg 7C', '2026-12-01 11:28:00.558554+00', 50.62438300001304, 'bot', NULL);
INSERT INTO public.action VALUES (6, 66, 1, 'peg 3C', '2026-12-01 11:28:00.609349+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 67, 0, 'peg 7S', '2026-12-01 11:28:00.609393+00', 50.86835899987818, 'bot', NULL);
INSERT INTO public.action VALUES (6, 68, 1, 'peg 8D', '2026-12-01 11:28:00.660404+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 69, 0, 'peg KH', '2026-12-01 11:28:00.660432+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 70, 0, 'discard AD 3C', '2026-12-01 11:28:00.660893+00', 51.97691299986218, 'bot', NULL);
INSERT INTO public.action VALUES (6, 71, 1, 'discard 9D TS', '2026-12-01 11:28:00.661012+00', 1.699187999975038, 'bot', NULL);
INSERT INTO public.action VALUES (6, 72, 0, 'peg 4D', '2026-12-01 11:28:00.713325+00', 51.741399000093224, 'bot', NULL);
INSERT INTO public.action VALUES (6, 73, 1, 'peg TC', '2026-12-01 11:28:00.76537+00', 1.2421530000210623, 'bot', NULL);
INSERT INTO public.action VALUES (6, 74, 0, 'peg 5S', '2026-12-01 11:28:00.766808+00', 52.38580600007481, 'bot', NULL);
INSERT INTO public.action VALUES (6, 75, 1, 'peg 2C', '2026-12-01 11:28:00.819483+00', 0.8444760001111717, 'bot', NULL);
INSERT INTO public.action VALUES (6, 76, 0, 'peg 8S', '2026-12-01 11:28:00.82054+00', 51.191344000017125, 'bot', NULL);
INSERT INTO public.action VALUES (6, 77, 1, 'peg AH', '2026-12-01 11:28:00.872046+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 78, 0, 'peg QC', '2026-12-01 11:28:00.872121+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 79, 1, 'peg 5D', '2026-12-01 11:28:00.872145+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 80, 0, 'discard AD 3C', '2026-12-01 11:28:00.87255+00', 53.23265599986371, 'bot', NULL);
INSERT INTO public.action VALUES (6, 81, 1, 'discard 4S 9S', '2026-12-01 11:28:00.872712+00', 2.665679000074306, 'bot', NULL);
INSERT INTO public.action VALUES (6, 82, 1, 'peg JS', '2026-12-01 11:28:00.926229+00', 1.1537509999470785, 'bot', NULL);
INSERT INTO public.action VALUES (6, 83, 0, 'peg 4C', '2026-12-01 11:28:00.927558+00', 51.090622999936386, 'bot', NULL);
INSERT INTO public.action VALUES (6, 84, 1, 'peg 6H', '2026-12-01 11:28:00.97898+00', 0.8182870001292031, 'bot', NULL);
INSERT INTO public.action VALUES (6, 85, 0, 'peg 7H', '2026-12-01 11:28:00.97997+00', 50.93953599998713, 'bot', NULL);
INSERT INTO public.action VALUES (6, 86, 1, 'peg 8S', '2026-12-01 11:28:01.031211+00', 1.2851469998622633, 'bot', NULL);
INSERT INTO public.action VALUES (6, 87, 0, 'peg 8C', '2026-12-01 11:28:01.032706+00', 51.08486500012077, 'bot', NULL);
INSERT INTO public.action VALUES (6, 88, 1, 'peg QS', '2026-12-01 11:28:01.084094+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 89, 0, 'peg KC', '2026-12-01 11:28:01.084173+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 90, 0, 'discard 5C 6D', '2026-12-01 11:28:01.084627+00', 53.24089900000217, 'bot', NULL);
INSERT INTO public.action VALUES (6, 91, 1, 'discard 7D 9C', '2026-12-01 11:28:01.084783+00', 2.6393190000817413, 'bot', NULL);
INSERT INTO public.action VALUES (6, 92, 0, 'peg 8H', '2026-12-01 11:28:01.138332+00', 51.82096799990177, 'bot', NULL);
INSERT INTO public.action VALUES (6, 93, 1, 'peg QS', '2026-12-01 11:28:01.190466+00', 0.7934299999305949, 'bot', NULL);
INSERT INTO public.action VALUES (6, 94, 0, 'peg TD', '2026-12-01 11:28:01.191467+00', 50.715219000039724, 'bot', NULL);
INSERT INTO public.action VALUES (6, 95, 1, 'peg 9H', '2026-12-01 11:28:01.242376+00', 1.0701159999371157, 'bot', NULL);
INSERT INTO public.action VALUES (6, 96, 0, 'peg JC', '2026-12-01 11:28:01.243603+00', 50.66001699992739, 'bot', NULL);
INSERT INTO public.action VALUES (6, 97, 1, 'peg 4S', '2026-12-01 11:28:01.294405+00', 0.5839360001118621, 'bot', NULL);
INSERT INTO public.action VALUES (6, 98, 1, 'peg 7S', '2026-12-01 11:28:01.295123+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 99, 0, 'peg KD', '2026-12-01 11:28:01.295176+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 100, 0, 'discard 5H 6H', '2026-12-01 11:28:01.295499+00', 52.141920000167374, 'bot', NULL);
INSERT INTO public.action VALUES (6, 101, 1, 'discard 2D 5C', '2026-12-01 11:28:01.295628+00', 2.142033000154697, 'bot', NULL);
INSERT INTO public.action VALUES (6, 102, 1, 'peg 5S', '2026-12-01 11:28:01.347918+00', 0.9181979999084433, 'bot', NULL);
INSERT INTO public.action VALUES (6, 103, 0, 'peg 8C', '2026-12-01 11:28:01.348961+00', 50.633327000014106, 'bot', NULL);
INSERT INTO public.action VALUES (6, 104, 1, 'peg 6S', '2026-12-01 11:28:01.399743+00', 0.5465500000809698, 'bot', NULL);
INSERT INTO public.action VALUES (6, 105, 0, 'peg 8D', '2026-12-01 11:28:01.400422+00', 50.706837000007, 'bot', NULL);
INSERT INTO public.action VALUES (6, 106, 1, 'peg 4S', '2026-12-01 11:28:01.451322+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 107, 0, 'peg QC', '2026-12-01 11:28:01.45137+00', 52.03714199979004, 'bot', NULL);
INSERT INTO public.action VALUES (6, 108, 1, 'peg JC', '2026-12-01 11:28:01.503723+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (6, 109, 0, 'peg KC', '2026-12-01 11:28:01.50376+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (7, 0, 0, 'discard 9D TH', '2026-12-01 11:28:02.080343+00', 5.702171999928396, 'bot', NULL);
INSERT INTO public.action VALUES (7, 1, 1, 'discard AD 2S', '2026-12-01 11:28:02.080497+00', 75.16618500017103, 'bot', NULL);
INSERT INTO public.action VALUES (7, 2, 1, 'peg 4C', '2026-12-01 11:28:02.156077+00', 51.589240999874164, 'bot', NULL);
INSERT INTO public.action VALUES (7, 3, 0, 'peg 5S', '2026-12-01 11:28:02.207995+00', 0.8454079998045927, 'bot', NULL);
INSERT INTO public.action VALUES (7, 4, 1, 'peg 5C', '2026-12-01 11:28:02.20904+00', 50.88575599984324, 'bot', NULL);
INSERT INTO public.action VALUES (7, 5, 0, 'peg QC', '2026-12-01 11:28:02.260231+00', 1.1418230001254415, 'bot', NULL);
INSERT INTO public.action VALUES (7, 6, 1, 'peg 7S', '2026-12-01 11:28:02.261621+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (7, 7, 0, 'peg 7D', '2026-12-01 11:28:02.261671+00', 3.5822429999825545, 'bot', NULL);
INSERT INTO public.action VALUES (7, 8, 1, 'peg JS', '2026-12-01 11:28:02.265414+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (7, 9, 0, 'peg 7H', '2026-12-01 11:28:02.265444+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (7, 10, 0, 'discard 2H TD', '2026-12-01 11:28:02.265926+00', 2.0781669998086727, 'bot', NULL);
INSERT INTO public.action VALUES (7, 11, 1, 'discard 3C 5S', '2026-12-01 11:28:02.26621+00', 52.547127000025284, 'bot', NULL);
INSERT INTO public.action VALUES (7, 12, 0, 'peg 6S', '2026-12-01 11:28:02.319165+00', 1.395814000034079, 'bot', NULL);
INSERT INTO public.action VALUES (7, 13, 1, 'peg 6H', '2026-12-01 11:28:02.320738+00', 52.62103900008697, 'bot', NULL);
INSERT INTO public.action VALUES (7, 14, 0, 'peg 9H', '2026-12-01 11:28:02.373665+00', 1.1020429999462067, 'bot', NULL);
INSERT INTO public.action VALUES (7, 15, 1, 'peg 9C', '2026-12-01 11:28:02.374958+00', 51.100888000064515, 'bot', NULL);
INSERT INTO public.action VALUES (7, 16, 0, 'peg 2S', '2026-12-01 11:28:02.426398+00', 3.0396989998280333, 'bot', NULL);
INSERT INTO public.action VALUES (7, 17, 1, 'peg QH', '2026-12-01 11:28:02.429766+00', 51.16683699998248, 'bot', NULL);
INSERT INTO public.action VALUES (7, 18, 0, 'peg 3H', '2026-12-01 11:28:02.481281+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (7, 19, 1, 'peg KH', '2026-12-01 11:28:02.481316+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (7, 20, 0, 'discard 3H KC', '2026-12-01 11:28:02.481725+00', 3.275002000009408, 'bot', NULL);
INSERT INTO public.action VALUES (7, 21, 1, 'discard 4H 6D', '2026-12-01 11:28:02.48189+00', 52.28877000013199, 'bot', NULL);
INSERT INTO public.action VALUES (7, 22, 1, 'peg 7S', '2026-12-01 11:28:02.534616+00', 51.96727800012013, 'bot', NULL);
INSERT INTO public.action VALUES (7, 23, 0, 'peg 5C', '2026-12-01 11:28:02.58689+00', 0.7552430001851462, 'bot', NULL);
INSERT INTO public.action VALUES (7, 24, 1, 'peg 8D', '2026-12-01 11:28:02.587861+00', 52.06841999984135, 'bot', NULL);
INSERT INTO public.action VALUES (7, 25, 0, 'peg 8H', '2026-12-01 11:28:02.640248+00', 3.052939000099286, 'bot', NULL);
INSERT INTO public.action VALUES (7, 26, 0, 'peg 2C', '2026-12-01 11:28:02.6436+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (7, 27, 1, 'peg QC', '2026-12-01 11:28:02.643663+00', 51.622700000052646, 'bot', NULL);
INSERT INTO public.action VALUES (7, 28, 0, 'peg 8C', '2026-12-01 11:28:02.695602+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (7, 29, 1, 'peg QH', '2026-12-01 11:28:02.695633+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (7, 30, 0, 'discard 9D KC', '2026-12-01 11:28:02.695987+00', 1.2387679998937529, 'bot', NULL);
INSERT INTO public.action VALUES (7, 31, 1, 'discard 3C 4H', '2026-12-01 11:28:02.696144+00', 52.545645000009245, 'bot', NULL);
INSERT INTO public.action VALUES (7, 32, 0, 'peg AH', '2026-12-01 11:28:02.749088+00', 0.9561439999288268, 'bot', NULL);
INSERT INTO public.action VALUES (7, 33, 1, 'peg 5H', '2026-12-01 11:28:02.750217+00', 50.99682200011557, 'bot', NULL);
INSERT INTO public.action VALUES (7, 34, 0, 'peg 9H', '2026-12-01 11:28:02.801482+00', 0.7945009999730246, 'bot', NULL);
INSERT INTO public.action VALUES (7, 35, 1, 'peg 8C', '2026-12-01 11:28:02.802493+00', 50.96797799978958, 'bot', NULL);
INSERT INTO public.action VALUES (7, 36, 1, 'peg 8S', '2026-12-01 11:28:02.853792+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (7, 37, 0, 'peg QS', '2026-12-01 11:28:02.85385+00', 0.9626739999930578, 'bot', NULL);
INSERT INTO public.action VALUES (7, 38, 1, 'peg TD', '2026-12-01 11:28:02.854986+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (7, 39, 0, 'peg JD', '2026-12-01 11:28:02.855012+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (7, 40, 0, 'discard TC QH', '2026-12-01 11:28:02.855317+00', 1.4379159999862168, 'bot', NULL);
INSERT INTO public.action VALUES (7, 41, 1, 'discard AD 2H', '2026-12-01 11:28:02.855433+00', 53.288951000013185, 'bot', NULL);
INSERT INTO public.action VALUES (7, 42, 1, 'peg 3S', '2026-12-01 11:28:02.909124+00', 51.20211999997082, 'bot', NULL);
INSERT INTO public.action VALUES (7, 43, 0, 'peg 7D', '2026-12-01 11:28:02.960651+00', 0.9441069998956664, 'bot', NULL);
INSERT INTO public.action VALUES (7, 44, 1, 'peg 6C', '2026-12-01 11:28:02.961854+00', 50.89670200004548, 'bot', NULL);
INSERT INTO public.action VALUES (7, 45, 0, 'peg KD', '2026-12-01 11:28:03.01305+00', 0.7139010001537827, 'bot', NULL);
INSERT INTO public.action VALUES (7, 46, 1, 'peg 8H', '2026-12-01 11:28:03.013983+00', 51.18887000003269, 'bot', NULL);
INSERT INTO public.action VALUES (7, 47, 0, 'peg 9D', '2026-12-01 11:28:03.06545+00', 0.6986680000409251, 'bot', NULL);
INSERT INTO public.action VALUES (7, 48, 1, 'peg KS', '2026-12-01 11:28:03.066341+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (7, 49, 0, 'peg JH', '2026-12-01 11:28:03.066409+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (7, 50, 0, 'discard 4D 8C', '2026-12-01 11:28:03.066712+00', 1.6066299999693001, 'bot', NULL);
INSERT INTO public.action VALUES (7, 51, 1, 'discard 2C 5C', '2026-12-01 11:28:03.066827+00', 57.52905999997893, 'bot', NULL);
INSERT INTO public.action VALUES (7, 52, 0, 'peg AS', '2026-12-01 11:28:03.124778+00', 1.3832839999849966, 'bot', NULL);
INSERT INTO public.action VALUES (8, 0, 0, 'discard 5S 7H', '2026-12-01 11:28:05.479421+00', 3.637025999978505, 'bot', NULL);
INSERT INTO public.action VALUES (8, 1, 1, 'discard AD 2S', '2026-12-01 11:28:05.479613+00', 57.730261000187966, 'bot', NULL);
INSERT INTO public.action VALUES (8, 2, 1, 'peg 4C', '2026-12-01 11:28:05.5378+00', 51.46260100013933, 'bot', NULL);
INSERT INTO public.action VALUES (8, 3, 0, 'peg 7D', '2026-12-01 11:28:05.589547+00', 0.93801700018048, 'bot', NULL);
INSERT INTO public.action VALUES (8, 4, 1, 'peg 5C', '2026-12-01 11:28:05.590707+00', 53.6566219998349, 'bot', NULL);
INSERT INTO public.action VALUES (8, 5, 0, 'peg 9D', '2026-12-01 11:28:05.644695+00', 1.1162250000325002, 'bot', NULL);
INSERT INTO public.action VALUES (8, 6, 1, 'peg 7S', '2026-12-01 11:28:05.646246+00', 54.32044799999858, 'bot', NULL);
INSERT INTO public.action VALUES (8, 7, 0, 'peg QC', '2026-12-01 11:28:05.700846+00', 0.5851669998264697, 'bot', NULL);
INSERT INTO public.action VALUES (8, 8, 1, 'peg JS', '2026-12-01 11:28:05.701613+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 9, 0, 'peg TH', '2026-12-01 11:28:05.701692+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 10, 0, 'discard 2H TD', '2026-12-01 11:28:05.702098+00', 1.01138699983494, 'bot', NULL);
INSERT INTO public.action VALUES (8, 11, 1, 'discard 3C 5S', '2026-12-01 11:28:05.702215+00', 59.246676000157095, 'bot', NULL);
INSERT INTO public.action VALUES (8, 12, 0, 'peg 6S', '2026-12-01 11:28:05.761836+00', 1.5021030001207691, 'bot', NULL);
INSERT INTO public.action VALUES (8, 13, 1, 'peg 6H', '2026-12-01 11:28:05.763672+00', 51.101339000069856, 'bot', NULL);
INSERT INTO public.action VALUES (8, 14, 0, 'peg 9H', '2026-12-01 11:28:05.815116+00', 0.7663299998057482, 'bot', NULL);
INSERT INTO public.action VALUES (8, 15, 1, 'peg 9C', '2026-12-01 11:28:05.81611+00', 51.09275599988905, 'bot', NULL);
INSERT INTO public.action VALUES (8, 16, 0, 'peg 2S', '2026-12-01 11:28:05.867569+00', 1.2320079999881273, 'bot', NULL);
INSERT INTO public.action VALUES (8, 17, 1, 'peg QH', '2026-12-01 11:28:05.868992+00', 50.990261999913855, 'bot', NULL);
INSERT INTO public.action VALUES (8, 18, 0, 'peg 3H', '2026-12-01 11:28:05.920253+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 19, 1, 'peg KH', '2026-12-01 11:28:05.920303+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 20, 0, 'discard 5C 8C', '2026-12-01 11:28:05.920929+00', 2.5400399999853107, 'bot', NULL);
INSERT INTO public.action VALUES (8, 21, 1, 'discard 4H 6D', '2026-12-01 11:28:05.921087+00', 52.27473900004043, 'bot', NULL);
INSERT INTO public.action VALUES (8, 22, 1, 'peg 7S', '2026-12-01 11:28:05.973756+00', 51.75360699990961, 'bot', NULL);
INSERT INTO public.action VALUES (8, 23, 0, 'peg 3H', '2026-12-01 11:28:06.025822+00', 0.7319979999920179, 'bot', NULL);
INSERT INTO public.action VALUES (8, 24, 1, 'peg 8D', '2026-12-01 11:28:06.026776+00', 53.086656999994375, 'bot', NULL);
INSERT INTO public.action VALUES (8, 25, 0, 'peg 8H', '2026-12-01 11:28:06.080135+00', 1.2034050000693242, 'bot', NULL);
INSERT INTO public.action VALUES (8, 26, 0, 'peg 2C', '2026-12-01 11:28:06.081729+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 27, 1, 'peg QC', '2026-12-01 11:28:06.081806+00', 54.83954599981189, 'bot', NULL);
INSERT INTO public.action VALUES (8, 28, 0, 'peg KC', '2026-12-01 11:28:06.136989+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 29, 1, 'peg QH', '2026-12-01 11:28:06.137022+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 30, 0, 'discard 9D KC', '2026-12-01 11:28:06.137493+00', 2.9116770001564873, 'bot', NULL);
INSERT INTO public.action VALUES (8, 31, 1, 'discard 3C 4H', '2026-12-01 11:28:06.137676+00', 51.696200999913344, 'bot', NULL);
INSERT INTO public.action VALUES (8, 32, 0, 'peg QS', '2026-12-01 11:28:06.189748+00', 1.0173460000260093, 'bot', NULL);
INSERT INTO public.action VALUES (8, 33, 1, 'peg 5H', '2026-12-01 11:28:06.190945+00', 50.87089400012701, 'bot', NULL);
INSERT INTO public.action VALUES (8, 34, 0, 'peg AH', '2026-12-01 11:28:06.24198+00', 0.5771050000475952, 'bot', NULL);
INSERT INTO public.action VALUES (8, 35, 1, 'peg 8C', '2026-12-01 11:28:06.242694+00', 51.052776000005906, 'bot', NULL);
INSERT INTO public.action VALUES (8, 36, 0, 'peg 9H', '2026-12-01 11:28:06.294099+00', 0.9194990000196412, 'bot', NULL);
INSERT INTO public.action VALUES (8, 37, 1, 'peg 8S', '2026-12-01 11:28:06.295193+00', 51.45173400001113, 'bot', NULL);
INSERT INTO public.action VALUES (8, 38, 0, 'peg JD', '2026-12-01 11:28:06.346941+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 39, 1, 'peg TD', '2026-12-01 11:28:06.347027+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 40, 0, 'discard TC KD', '2026-12-01 11:28:06.347453+00', 1.6046170001118298, 'bot', NULL);
INSERT INTO public.action VALUES (8, 41, 1, 'discard AD 2H', '2026-12-01 11:28:06.347639+00', 52.14672700003575, 'bot', NULL);
INSERT INTO public.action VALUES (8, 42, 1, 'peg 3S', '2026-12-01 11:28:06.400182+00', 51.44955100013249, 'bot', NULL);
INSERT INTO public.action VALUES (8, 43, 0, 'peg 7D', '2026-12-01 11:28:06.45195+00', 0.9749920000103884, 'bot', NULL);
INSERT INTO public.action VALUES (8, 44, 1, 'peg 6C', '2026-12-01 11:28:06.453151+00', 51.03296600009344, 'bot', NULL);
INSERT INTO public.action VALUES (8, 45, 0, 'peg QH', '2026-12-01 11:28:06.504525+00', 0.9169760000986571, 'bot', NULL);
INSERT INTO public.action VALUES (8, 46, 1, 'peg 8H', '2026-12-01 11:28:06.505726+00', 54.63403799990374, 'bot', NULL);
INSERT INTO public.action VALUES (8, 47, 0, 'peg 9D', '2026-12-01 11:28:06.560659+00', 4.117677000067488, 'bot', NULL);
INSERT INTO public.action VALUES (8, 48, 1, 'peg KS', '2026-12-01 11:28:06.565007+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 49, 0, 'peg JH', '2026-12-01 11:28:06.565082+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 50, 0, 'discard AS 8C', '2026-12-01 11:28:06.565537+00', 1.7774160000953998, 'bot', NULL);
INSERT INTO public.action VALUES (8, 51, 1, 'discard 2C 5C', '2026-12-01 11:28:06.565686+00', 52.20334099999491, 'bot', NULL);
INSERT INTO public.action VALUES (8, 52, 0, 'peg TC', '2026-12-01 11:28:06.618222+00', 1.2940009999056201, 'bot', NULL);
INSERT INTO public.action VALUES (8, 53, 1, 'peg 6D', '2026-12-01 11:28:06.619705+00', 51.31591000008484, 'bot', NULL);
INSERT INTO public.action VALUES (8, 54, 0, 'peg 4S', '2026-12-01 11:28:06.671286+00', 1.4049680000880471, 'bot', NULL);
INSERT INTO public.action VALUES (8, 55, 1, 'peg 9H', '2026-12-01 11:28:06.672903+00', 51.59026199999062, 'bot', NULL);
INSERT INTO public.action VALUES (8, 56, 0, 'peg 4D', '2026-12-01 11:28:06.724829+00', 3.9373149998027657, 'bot', NULL);
INSERT INTO public.action VALUES (8, 57, 1, 'peg JS', '2026-12-01 11:28:06.728995+00', 51.304513999866685, 'bot', NULL);
INSERT INTO public.action VALUES (8, 58, 0, 'peg 9S', '2026-12-01 11:28:06.780601+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 59, 1, 'peg KC', '2026-12-01 11:28:06.780678+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 60, 0, 'discard 5D KH', '2026-12-01 11:28:06.784321+00', 1.4978070000779553, 'bot', NULL);
INSERT INTO public.action VALUES (8, 61, 1, 'discard 3C 6H', '2026-12-01 11:28:06.784577+00', 52.08246000006511, 'bot', NULL);
INSERT INTO public.action VALUES (8, 62, 1, 'peg 7H', '2026-12-01 11:28:06.837159+00', 55.21979700006341, 'bot', NULL);
INSERT INTO public.action VALUES (8, 63, 0, 'peg 7S', '2026-12-01 11:28:06.892784+00', 1.605908999863459, 'bot', NULL);
INSERT INTO public.action VALUES (8, 64, 1, 'peg 8D', '2026-12-01 11:28:06.894651+00', 50.985545000003185, 'bot', NULL);
INSERT INTO public.action VALUES (8, 65, 0, 'peg 6D', '2026-12-01 11:28:06.945952+00', 0.8012219998363435, 'bot', NULL);
INSERT INTO public.action VALUES (8, 66, 0, 'peg 3S', '2026-12-01 11:28:06.947024+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 67, 1, 'peg 8S', '2026-12-01 11:28:06.947077+00', 53.27046200000041, 'bot', NULL);
INSERT INTO public.action VALUES (8, 68, 0, 'peg 7C', '2026-12-01 11:28:07.00068+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 69, 1, 'peg QD', '2026-12-01 11:28:07.000713+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 70, 0, 'discard 3C 5S', '2026-12-01 11:28:07.001167+00', 1.522983999848293, 'bot', NULL);
INSERT INTO public.action VALUES (8, 71, 1, 'discard AH 2C', '2026-12-01 11:28:07.001333+00', 51.32126800003789, 'bot', NULL);
INSERT INTO public.action VALUES (8, 72, 0, 'peg 4D', '2026-12-01 11:28:07.053062+00', 0.987360999943121, 'bot', NULL);
INSERT INTO public.action VALUES (8, 73, 1, 'peg 5D', '2026-12-01 11:28:07.054293+00', 51.014748999932635, 'bot', NULL);
INSERT INTO public.action VALUES (8, 74, 0, 'peg AD', '2026-12-01 11:28:07.105629+00', 0.8457779999844206, 'bot', NULL);
INSERT INTO public.action VALUES (8, 75, 1, 'peg 9D', '2026-12-01 11:28:07.106715+00', 54.25936599999659, 'bot', NULL);
INSERT INTO public.action VALUES (8, 76, 0, 'peg QC', '2026-12-01 11:28:07.161276+00', 3.255462999959491, 'bot', NULL);
INSERT INTO public.action VALUES (8, 77, 1, 'peg TC', '2026-12-01 11:28:07.164862+00', 51.718503999836685, 'bot', NULL);
INSERT INTO public.action VALUES (8, 78, 0, 'peg 8S', '2026-12-01 11:28:07.2169+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 79, 1, 'peg TS', '2026-12-01 11:28:07.216932+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 80, 0, 'discard 3C 8C', '2026-12-01 11:28:07.217571+00', 3.3347320002121705, 'bot', NULL);
INSERT INTO public.action VALUES (8, 81, 1, 'discard 4S 6H', '2026-12-01 11:28:07.217751+00', 51.78702800003521, 'bot', NULL);
INSERT INTO public.action VALUES (8, 82, 1, 'peg 8S', '2026-12-01 11:28:07.269924+00', 51.83336700019936, 'bot', NULL);
INSERT INTO public.action VALUES (8, 83, 0, 'peg 4C', '2026-12-01 11:28:07.322064+00', 0.8789580001575814, 'bot', NULL);
INSERT INTO public.action VALUES (8, 84, 1, 'peg 9S', '2026-12-01 11:28:07.323186+00', 50.91572099991026, 'bot', NULL);
INSERT INTO public.action VALUES (8, 85, 0, 'peg KC', '2026-12-01 11:28:07.374408+00', 0.7915969999885419, 'bot', NULL);
INSERT INTO public.action VALUES (8, 86, 1, 'peg JS', '2026-12-01 11:28:07.375413+00', 50.772735999998986, 'bot', NULL);
INSERT INTO public.action VALUES (8, 87, 0, 'peg AD', '2026-12-01 11:28:07.426516+00', 0.662734000115961, 'bot', NULL);
INSERT INTO public.action VALUES (8, 88, 1, 'peg QS', '2026-12-01 11:28:07.427331+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 89, 0, 'peg 7H', '2026-12-01 11:28:07.427359+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 90, 0, 'discard JC KD', '2026-12-01 11:28:07.427744+00', 1.3502750000498054, 'bot', NULL);
INSERT INTO public.action VALUES (8, 91, 1, 'discard 4S 7D', '2026-12-01 11:28:07.427856+00', 50.94931100006761, 'bot', NULL);
INSERT INTO public.action VALUES (8, 92, 0, 'peg TD', '2026-12-01 11:28:07.479032+00', 0.9056280000550032, 'bot', NULL);
INSERT INTO public.action VALUES (8, 93, 1, 'peg 7S', '2026-12-01 11:28:07.480065+00', 50.49972599999819, 'bot', NULL);
INSERT INTO public.action VALUES (8, 94, 0, 'peg 8H', '2026-12-01 11:28:07.5307+00', 0.48122199996214476, 'bot', NULL);
INSERT INTO public.action VALUES (8, 95, 0, 'peg 6D', '2026-12-01 11:28:07.531313+00', 0.6078420001358609, 'bot', NULL);
INSERT INTO public.action VALUES (8, 96, 1, 'peg 9C', '2026-12-01 11:28:07.532055+00', 50.71772299993427, 'bot', NULL);
INSERT INTO public.action VALUES (8, 97, 0, 'peg 5C', '2026-12-01 11:28:07.582901+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 98, 1, 'peg 9H', '2026-12-01 11:28:07.582927+00', 50.72859000006247, 'bot', NULL);
INSERT INTO public.action VALUES (8, 99, 1, 'peg QS', '2026-12-01 11:28:07.633817+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 100, 0, 'discard 5H QC', '2026-12-01 11:28:07.63413+00', 1.9686129999172408, 'bot', NULL);
INSERT INTO public.action VALUES (8, 101, 1, 'discard 2D 4S', '2026-12-01 11:28:07.634239+00', 52.18741799990312, 'bot', NULL);
INSERT INTO public.action VALUES (8, 102, 1, 'peg 5C', '2026-12-01 11:28:07.686656+00', 51.82767800010879, 'bot', NULL);
INSERT INTO public.action VALUES (8, 103, 0, 'peg KC', '2026-12-01 11:28:07.738767+00', 0.8753530000831233, 'bot', NULL);
INSERT INTO public.action VALUES (8, 104, 1, 'peg 5S', '2026-12-01 11:28:07.739856+00', 50.96363300003759, 'bot', NULL);
INSERT INTO public.action VALUES (8, 105, 0, 'peg 6H', '2026-12-01 11:28:07.791123+00', 0.9132490001775295, 'bot', NULL);
INSERT INTO public.action VALUES (8, 106, 1, 'peg 6S', '2026-12-01 11:28:07.792324+00', 51.1558610000975, 'bot', NULL);
INSERT INTO public.action VALUES (8, 107, 0, 'peg 8D', '2026-12-01 11:28:07.843662+00', 0.5301449998569296, 'bot', NULL);
INSERT INTO public.action VALUES (8, 108, 1, 'peg JC', '2026-12-01 11:28:07.844339+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 109, 0, 'peg 8C', '2026-12-01 11:28:07.844398+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 110, 0, 'discard 3H 6D', '2026-12-01 11:28:07.844741+00', 2.1448080001391645, 'bot', NULL);
INSERT INTO public.action VALUES (8, 111, 1, 'discard AC 3S', '2026-12-01 11:28:07.844863+00', 51.96815899989815, 'bot', NULL);
INSERT INTO public.action VALUES (8, 112, 0, 'peg KS', '2026-12-01 11:28:07.897075+00', 0.9410519999164535, 'bot', NULL);
INSERT INTO public.action VALUES (8, 113, 1, 'peg 6H', '2026-12-01 11:28:07.898141+00', 50.809111000035045, 'bot', NULL);
INSERT INTO public.action VALUES (8, 114, 0, 'peg JH', '2026-12-01 11:28:07.949206+00', 0.78113199992913, 'bot', NULL);
INSERT INTO public.action VALUES (8, 115, 0, 'peg 4S', '2026-12-01 11:28:07.950168+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 116, 1, 'peg 7D', '2026-12-01 11:28:07.950223+00', 51.27739299996392, 'bot', NULL);
INSERT INTO public.action VALUES (8, 117, 0, 'peg 7S', '2026-12-01 11:28:08.001848+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 118, 1, 'peg 8D', '2026-12-01 11:28:08.001889+00', 50.872916000116675, 'bot', NULL);
INSERT INTO public.action VALUES (8, 119, 1, 'peg KC', '2026-12-01 11:28:08.052976+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 120, 0, 'discard 2C QH', '2026-12-01 11:28:08.053394+00', 2.059980000012729, 'bot', NULL);
INSERT INTO public.action VALUES (8, 121, 1, 'discard AD 3C', '2026-12-01 11:28:08.053532+00', 52.07797399998526, 'bot', NULL);
INSERT INTO public.action VALUES (8, 122, 1, 'peg 4H', '2026-12-01 11:28:08.105837+00', 50.91874499998994, 'bot', NULL);
INSERT INTO public.action VALUES (8, 123, 0, 'peg 6S', '2026-12-01 11:28:08.156883+00', 0.5267910000839038, 'bot', NULL);
INSERT INTO public.action VALUES (8, 124, 1, 'peg 9S', '2026-12-01 11:28:08.157549+00', 52.27963600009389, 'bot', NULL);
INSERT INTO public.action VALUES (8, 125, 0, 'peg 3D', '2026-12-01 11:28:08.209982+00', 0.9674010000253475, 'bot', NULL);
INSERT INTO public.action VALUES (8, 126, 0, 'peg 9H', '2026-12-01 11:28:08.211104+00', 0.8152329999120411, 'bot', NULL);
INSERT INTO public.action VALUES (8, 127, 1, 'peg JH', '2026-12-01 11:28:08.212078+00', 51.734047999843824, 'bot', NULL);
INSERT INTO public.action VALUES (8, 128, 0, 'peg AH', '2026-12-01 11:28:08.264005+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (8, 129, 1, 'peg QD', '2026-12-01 11:28:08.264035+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 0, 0, 'discard 5C 7S', '2026-12-01 11:28:10.329359+00', 51.0778240000036, 'bot', NULL);
INSERT INTO public.action VALUES (9, 1, 1, 'discard KH KS', '2026-12-01 11:28:10.329584+00', 1.1304459999337269, 'bot', NULL);
INSERT INTO public.action VALUES (9, 2, 1, 'peg 3H', '2026-12-01 11:28:10.380846+00', 0.6348519998482516, 'bot', NULL);
INSERT INTO public.action VALUES (9, 3, 0, 'peg TD', '2026-12-01 11:28:10.381643+00', 50.55838499993115, 'bot', NULL);
INSERT INTO public.action VALUES (9, 4, 1, 'peg JC', '2026-12-01 11:28:10.432373+00', 0.5047969998486224, 'bot', NULL);
INSERT INTO public.action VALUES (9, 5, 1, 'peg AD', '2026-12-01 11:28:10.433052+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 6, 0, 'peg TS', '2026-12-01 11:28:10.433123+00', 50.86467400019501, 'bot', NULL);
INSERT INTO public.action VALUES (9, 7, 1, 'peg 9S', '2026-12-01 11:28:10.484154+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 8, 0, 'peg QC', '2026-12-01 11:28:10.484189+00', 50.66251000016564, 'bot', NULL);
INSERT INTO public.action VALUES (9, 9, 0, 'peg QS', '2026-12-01 11:28:10.535037+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 10, 0, 'discard 3D 5C', '2026-12-01 11:28:10.535396+00', 51.32345299989538, 'bot', NULL);
INSERT INTO public.action VALUES (9, 11, 1, 'discard 7C 9H', '2026-12-01 11:28:10.535654+00', 1.2813719999940076, 'bot', NULL);
INSERT INTO public.action VALUES (9, 12, 0, 'peg 7D', '2026-12-01 11:28:10.587135+00', 50.84758800012423, 'bot', NULL);
INSERT INTO public.action VALUES (9, 13, 1, 'peg AC', '2026-12-01 11:28:10.63812+00', 0.5118480000874115, 'bot', NULL);
INSERT INTO public.action VALUES (9, 14, 0, 'peg 8C', '2026-12-01 11:28:10.638778+00', 50.53872500002399, 'bot', NULL);
INSERT INTO public.action VALUES (9, 15, 1, 'peg AH', '2026-12-01 11:28:10.689476+00', 0.45965000003889145, 'bot', NULL);
INSERT INTO public.action VALUES (9, 16, 0, 'peg KD', '2026-12-01 11:28:10.690085+00', 50.52508500011754, 'bot', NULL);
INSERT INTO public.action VALUES (9, 17, 1, 'peg 5S', '2026-12-01 11:28:10.740784+00', 0.6043969999609544, 'bot', NULL);
INSERT INTO public.action VALUES (9, 18, 0, 'peg KS', '2026-12-01 11:28:10.741547+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 19, 1, 'peg 7H', '2026-12-01 11:28:10.741578+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 20, 0, 'discard 2S 4H', '2026-12-01 11:28:10.741936+00', 51.20181899997078, 'bot', NULL);
INSERT INTO public.action VALUES (9, 21, 1, 'discard 4S KD', '2026-12-01 11:28:10.742063+00', 1.019249000137279, 'bot', NULL);
INSERT INTO public.action VALUES (9, 22, 1, 'peg 9C', '2026-12-01 11:28:10.793389+00', 0.6419129999812867, 'bot', NULL);
INSERT INTO public.action VALUES (9, 23, 0, 'peg 8H', '2026-12-01 11:28:10.794173+00', 50.48062800005937, 'bot', NULL);
INSERT INTO public.action VALUES (9, 24, 1, 'peg QD', '2026-12-01 11:28:10.8448+00', 0.44150300004730525, 'bot', NULL);
INSERT INTO public.action VALUES (9, 25, 0, 'peg TD', '2026-12-01 11:28:10.845391+00', 50.7192259999556, 'bot', NULL);
INSERT INTO public.action VALUES (9, 26, 1, 'peg 8S', '2026-12-01 11:28:10.896246+00', 0.4425339998306299, 'bot', NULL);
INSERT INTO public.action VALUES (9, 27, 0, 'peg QH', '2026-12-01 11:28:10.896846+00', 50.52808899995398, 'bot', NULL);
INSERT INTO public.action VALUES (9, 28, 1, 'peg KC', '2026-12-01 11:28:10.948732+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 29, 0, 'peg KS', '2026-12-01 11:28:10.948759+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 30, 0, 'discard 5H 8D', '2026-12-01 11:28:10.949069+00', 51.10839999997552, 'bot', NULL);
INSERT INTO public.action VALUES (9, 31, 1, 'discard 2S 4C', '2026-12-01 11:28:10.949176+00', 1.2092340000435797, 'bot', NULL);
INSERT INTO public.action VALUES (9, 32, 0, 'peg 9D', '2026-12-01 11:28:11.00045+00', 50.862600999835195, 'bot', NULL);
INSERT INTO public.action VALUES (9, 33, 1, 'peg 7D', '2026-12-01 11:28:11.051499+00', 0.4185880000022735, 'bot', NULL);
INSERT INTO public.action VALUES (9, 34, 0, 'peg TD', '2026-12-01 11:28:11.052037+00', 50.8261960001164, 'bot', NULL);
INSERT INTO public.action VALUES (9, 35, 1, 'peg 3H', '2026-12-01 11:28:11.103+00', 0.8600799999385345, 'bot', NULL);
INSERT INTO public.action VALUES (9, 36, 1, 'peg 2D', '2026-12-01 11:28:11.103999+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 37, 0, 'peg JC', '2026-12-01 11:28:11.104041+00', 51.30633599992507, 'bot', NULL);
INSERT INTO public.action VALUES (9, 38, 1, 'peg KD', '2026-12-01 11:28:11.15553+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 39, 0, 'peg KH', '2026-12-01 11:28:11.155557+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 40, 0, 'discard AH 4H', '2026-12-01 11:28:11.155834+00', 51.12481499986643, 'bot', NULL);
INSERT INTO public.action VALUES (9, 41, 1, 'discard 5D 9C', '2026-12-01 11:28:11.155937+00', 0.6478010000137147, 'bot', NULL);
INSERT INTO public.action VALUES (9, 42, 1, 'peg TS', '2026-12-01 11:28:11.207199+00', 0.5563249999340769, 'bot', NULL);
INSERT INTO public.action VALUES (9, 43, 0, 'peg 4S', '2026-12-01 11:28:11.207873+00', 50.51430799994705, 'bot', NULL);
INSERT INTO public.action VALUES (9, 44, 1, 'peg KH', '2026-12-01 11:28:11.258571+00', 0.4580070001338754, 'bot', NULL);
INSERT INTO public.action VALUES (9, 45, 0, 'peg 6H', '2026-12-01 11:28:11.259169+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 46, 1, 'peg 3S', '2026-12-01 11:28:11.259221+00', 0.5314670002007915, 'bot', NULL);
INSERT INTO public.action VALUES (9, 47, 0, 'peg 8S', '2026-12-01 11:28:11.259878+00', 50.557723999872906, 'bot', NULL);
INSERT INTO public.action VALUES (9, 48, 1, 'peg 8D', '2026-12-01 11:28:11.310579+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 49, 0, 'peg JS', '2026-12-01 11:28:11.310606+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 50, 0, 'discard 2D TC', '2026-12-01 11:28:11.310897+00', 51.072845999897254, 'bot', NULL);
INSERT INTO public.action VALUES (9, 51, 1, 'discard 2S 4C', '2026-12-01 11:28:11.31101+00', 0.8560740000120859, 'bot', NULL);
INSERT INTO public.action VALUES (9, 52, 0, 'peg JC', '2026-12-01 11:28:11.362241+00', 50.81219500016232, 'bot', NULL);
INSERT INTO public.action VALUES (9, 53, 1, 'peg 3D', '2026-12-01 11:28:11.413215+00', 0.5360039999686705, 'bot', NULL);
INSERT INTO public.action VALUES (9, 54, 0, 'peg JD', '2026-12-01 11:28:11.413885+00', 50.72712700007287, 'bot', NULL);
INSERT INTO public.action VALUES (9, 55, 1, 'peg 8D', '2026-12-01 11:28:11.464767+00', 0.5766550000316784, 'bot', NULL);
INSERT INTO public.action VALUES (9, 56, 0, 'peg JS', '2026-12-01 11:28:11.465616+00', 50.72421299996677, 'bot', NULL);
INSERT INTO public.action VALUES (9, 57, 1, 'peg AH', '2026-12-01 11:28:11.516485+00', 0.46857299980729294, 'bot', NULL);
INSERT INTO public.action VALUES (9, 58, 0, 'peg QD', '2026-12-01 11:28:11.517075+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 59, 1, 'peg 8S', '2026-12-01 11:28:11.517103+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 60, 0, 'discard AD 3C', '2026-12-01 11:28:11.51758+00', 51.15604100001292, 'bot', NULL);
INSERT INTO public.action VALUES (9, 61, 1, 'discard 3H 6S', '2026-12-01 11:28:11.517691+00', 0.9672510000200418, 'bot', NULL);
INSERT INTO public.action VALUES (9, 62, 1, 'peg 7C', '2026-12-01 11:28:11.568987+00', 0.6357739998748002, 'bot', NULL);
INSERT INTO public.action VALUES (9, 63, 0, 'peg 3D', '2026-12-01 11:28:11.569743+00', 51.00542500008487, 'bot', NULL);
INSERT INTO public.action VALUES (9, 64, 1, 'peg QH', '2026-12-01 11:28:11.620959+00', 1.1839960000088467, 'bot', NULL);
INSERT INTO public.action VALUES (9, 65, 0, 'peg 8S', '2026-12-01 11:28:11.622305+00', 51.14227099988966, 'bot', NULL);
INSERT INTO public.action VALUES (9, 66, 1, 'peg TD', '2026-12-01 11:28:11.67378+00', 0.9457389999170118, 'bot', NULL);
INSERT INTO public.action VALUES (9, 67, 0, 'peg 9S', '2026-12-01 11:28:11.674948+00', 50.866707000068345, 'bot', NULL);
INSERT INTO public.action VALUES (9, 68, 1, 'peg 5S', '2026-12-01 11:28:11.726117+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 69, 0, 'peg KS', '2026-12-01 11:28:11.726197+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 70, 0, 'discard AD 3S', '2026-12-01 11:28:11.726629+00', 51.52108899983432, 'bot', NULL);
INSERT INTO public.action VALUES (9, 71, 1, 'discard AH 5D', '2026-12-01 11:28:11.726859+00', 1.1650970000118832, 'bot', NULL);
INSERT INTO public.action VALUES (9, 72, 0, 'peg 4H', '2026-12-01 11:28:11.778606+00', 50.815810999893074, 'bot', NULL);
INSERT INTO public.action VALUES (9, 73, 1, 'peg 8D', '2026-12-01 11:28:11.829593+00', 0.548813000023074, 'bot', NULL);
INSERT INTO public.action VALUES (9, 74, 0, 'peg 6S', '2026-12-01 11:28:11.830278+00', 50.535569999965446, 'bot', NULL);
INSERT INTO public.action VALUES (9, 75, 1, 'peg JS', '2026-12-01 11:28:11.88096+00', 0.46605900001850387, 'bot', NULL);
INSERT INTO public.action VALUES (9, 76, 1, 'peg 3C', '2026-12-01 11:28:11.881584+00', 0.4154339999331569, 'bot', NULL);
INSERT INTO public.action VALUES (9, 77, 0, 'peg TH', '2026-12-01 11:28:11.88215+00', 50.562792000164336, 'bot', NULL);
INSERT INTO public.action VALUES (9, 78, 1, 'peg AS', '2026-12-01 11:28:11.932849+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 79, 0, 'peg QC', '2026-12-01 11:28:11.932876+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 80, 0, 'discard AC 3H', '2026-12-01 11:28:11.933293+00', 51.44902100005311, 'bot', NULL);
INSERT INTO public.action VALUES (9, 81, 1, 'discard AD 4C', '2026-12-01 11:28:11.933411+00', 1.2100550000013754, 'bot', NULL);
INSERT INTO public.action VALUES (9, 82, 1, 'peg 8C', '2026-12-01 11:28:11.985122+00', 0.8225840001614415, 'bot', NULL);
INSERT INTO public.action VALUES (9, 83, 0, 'peg 7S', '2026-12-01 11:28:11.986102+00', 50.838866000049165, 'bot', NULL);
INSERT INTO public.action VALUES (9, 84, 1, 'peg TH', '2026-12-01 11:28:12.037222+00', 0.6406009999864182, 'bot', NULL);
INSERT INTO public.action VALUES (9, 85, 1, 'peg 6C', '2026-12-01 11:28:12.038045+00', 0.44825300005868485, 'bot', NULL);
INSERT INTO public.action VALUES (9, 86, 0, 'peg 8S', '2026-12-01 11:28:12.038631+00', 50.84169900010238, 'bot', NULL);
INSERT INTO public.action VALUES (9, 87, 1, 'peg AH', '2026-12-01 11:28:12.089709+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 88, 0, 'peg QH', '2026-12-01 11:28:12.089739+00', 50.86460400002579, 'bot', NULL);
INSERT INTO public.action VALUES (9, 89, 0, 'peg KD', '2026-12-01 11:28:12.140872+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 90, 0, 'discard 2H 6S', '2026-12-01 11:28:12.141498+00', 51.36325199987368, 'bot', NULL);
INSERT INTO public.action VALUES (9, 91, 1, 'discard 3C 4S', '2026-12-01 11:28:12.141653+00', 1.3414620000276045, 'bot', NULL);
INSERT INTO public.action VALUES (9, 92, 0, 'peg TH', '2026-12-01 11:28:12.193231+00', 50.94909000013104, 'bot', NULL);
INSERT INTO public.action VALUES (9, 93, 1, 'peg 6D', '2026-12-01 11:28:12.244432+00', 0.5437059999167104, 'bot', NULL);
INSERT INTO public.action VALUES (9, 94, 0, 'peg JS', '2026-12-01 11:28:12.245135+00', 50.76286099983918, 'bot', NULL);
INSERT INTO public.action VALUES (9, 95, 1, 'peg 2C', '2026-12-01 11:28:12.296138+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 96, 0, 'peg QC', '2026-12-01 11:28:12.296217+00', 51.60017699995478, 'bot', NULL);
INSERT INTO public.action VALUES (9, 97, 1, 'peg 8C', '2026-12-01 11:28:12.348134+00', 0.6924189999608643, 'bot', NULL);
INSERT INTO public.action VALUES (9, 98, 0, 'peg KD', '2026-12-01 11:28:12.349003+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 99, 1, 'peg QS', '2026-12-01 11:28:12.349073+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 100, 0, 'discard 7C 7S', '2026-12-01 11:28:12.349423+00', 51.51863499986575, 'bot', NULL);
INSERT INTO public.action VALUES (9, 101, 1, 'discard 3S 9D', '2026-12-01 11:28:12.34955+00', 0.9259589999146556, 'bot', NULL);
INSERT INTO public.action VALUES (9, 102, 1, 'peg 4H', '2026-12-01 11:28:12.401378+00', 0.8394489998408972, 'bot', NULL);
INSERT INTO public.action VALUES (9, 103, 0, 'peg TH', '2026-12-01 11:28:12.402402+00', 50.59511900003599, 'bot', NULL);
INSERT INTO public.action VALUES (9, 104, 1, 'peg 8C', '2026-12-01 11:28:12.45317+00', 0.48447600011058967, 'bot', NULL);
INSERT INTO public.action VALUES (9, 105, 1, 'peg 5D', '2026-12-01 11:28:12.453798+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 106, 0, 'peg QC', '2026-12-01 11:28:12.453851+00', 50.84627599990199, 'bot', NULL);
INSERT INTO public.action VALUES (9, 107, 1, 'peg TD', '2026-12-01 11:28:12.504832+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 108, 0, 'peg KC', '2026-12-01 11:28:12.504859+00', 50.59655099989868, 'bot', NULL);
INSERT INTO public.action VALUES (9, 109, 0, 'peg KS', '2026-12-01 11:28:12.555634+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 110, 0, 'discard 2D 3D', '2026-12-01 11:28:12.556006+00', 51.00442299999486, 'bot', NULL);
INSERT INTO public.action VALUES (9, 111, 1, 'discard 9C JH', '2026-12-01 11:28:12.556152+00', 0.8691330001511233, 'bot', NULL);
INSERT INTO public.action VALUES (9, 112, 0, 'peg 5S', '2026-12-01 11:28:12.6073+00', 50.77235599992491, 'bot', NULL);
INSERT INTO public.action VALUES (9, 113, 1, 'peg 7D', '2026-12-01 11:28:12.658207+00', 0.41512300003887503, 'bot', NULL);
INSERT INTO public.action VALUES (9, 114, 0, 'peg 6S', '2026-12-01 11:28:12.658745+00', 50.50476399992476, 'bot', NULL);
INSERT INTO public.action VALUES (9, 115, 1, 'peg 7H', '2026-12-01 11:28:12.7094+00', 0.4115980000278796, 'bot', NULL);
INSERT INTO public.action VALUES (9, 116, 0, 'peg 9S', '2026-12-01 11:28:12.709981+00', 50.671674999875904, 'bot', NULL);
INSERT INTO public.action VALUES (9, 117, 1, 'peg 8H', '2026-12-01 11:28:12.760785+00', 0.4213320000872045, 'bot', NULL);
INSERT INTO public.action VALUES (9, 118, 0, 'peg QS', '2026-12-01 11:28:12.76133+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 119, 1, 'peg 8S', '2026-12-01 11:28:12.761501+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (9, 120, 0, 'discard 3D 4D', '2026-12-01 11:28:12.761903+00', 51.33636200002911, 'bot', NULL);
INSERT INTO public.action VALUES (9, 121, 1, 'discard JD KS', '2026-12-01 11:28:12.762065+00', 1.3220129999353958, 'bot', NULL);
INSERT INTO public.action VALUES (9, 122, 1, 'peg JH', '2026-12-01 11:28:12.813551+00', 0.6920380001247395, 'bot', NULL);
INSERT INTO public.action VALUES (9, 123, 0, 'peg 6H', '2026-12-01 11:28:12.81438+00', 50.49243500002376, 'bot', NULL);
INSERT INTO public.action VALUES (9, 124, 1, 'peg 7C', '2026-12-01 11:28:12.865026+00', 0.3997189999154216, 'bot', NULL);
INSERT INTO public.action VALUES (9, 125, 0, 'peg 7H', '2026-12-01 11:28:12.86554+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (10, 0, 0, 'discard 5C TS', '2026-12-01 11:28:13.230806+00', 4.74806199986233, 'bot', NULL);
INSERT INTO public.action VALUES (10, 1, 1, 'discard AD 3H', '2026-12-01 11:28:13.230943+00', 51.17830399990453, 'bot', NULL);
INSERT INTO public.action VALUES (10, 2, 1, 'peg 9S', '2026-12-01 11:28:13.282416+00', 50.981228999944506, 'bot', NULL);
INSERT INTO public.action VALUES (10, 3, 0, 'peg QC', '2026-12-01 11:28:13.333631+00', 0.5754230001002725, 'bot', NULL);
INSERT INTO public.action VALUES (10, 4, 1, 'peg JC', '2026-12-01 11:28:13.334365+00', 51.12136899992947, 'bot', NULL);
INSERT INTO public.action VALUES (10, 5, 0, 'peg TD', '2026-12-01 11:28:13.385771+00', 1.3182669999878271, 'bot', NULL);
INSERT INTO public.action VALUES (10, 6, 1, 'peg KH', '2026-12-01 11:28:13.387247+00', 50.970273000075395, 'bot', NULL);
INSERT INTO public.action VALUES (10, 7, 0, 'peg QS', '2026-12-01 11:28:13.438383+00', 1.0956029998396843, 'bot', NULL);
INSERT INTO public.action VALUES (10, 8, 1, 'peg KS', '2026-12-01 11:28:13.43968+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (10, 9, 0, 'peg 7S', '2026-12-01 11:28:13.439708+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (10, 10, 0, 'discard 3D 7D', '2026-12-01 11:28:13.440144+00', 1.7879220001759677, 'bot', NULL);
INSERT INTO public.action VALUES (10, 11, 1, 'discard AC AH', '2026-12-01 11:28:13.440263+00', 54.746375999911834, 'bot', NULL);
INSERT INTO public.action VALUES (10, 12, 0, 'peg 8C', '2026-12-01 11:28:13.495341+00', 0.9321879999788507, 'bot', NULL);
INSERT INTO public.action VALUES (10, 13, 1, 'peg 5S', '2026-12-01 11:28:13.496448+00', 50.62497499989149, 'bot', NULL);
INSERT INTO public.action VALUES (10, 14, 0, 'peg KS', '2026-12-01 11:28:13.547256+00', 0.5594490000930818, 'bot', NULL);
INSERT INTO public.action VALUES (10, 15, 1, 'peg 7C', '2026-12-01 11:28:13.547952+00', 50.59052199999314, 'bot', NULL);
INSERT INTO public.action VALUES (10, 16, 0, 'peg KD', '2026-12-01 11:28:13.598722+00', 0.8784970000306203, 'bot', NULL);
INSERT INTO public.action VALUES (10, 17, 1, 'peg 7H', '2026-12-01 11:28:13.599719+00', 50.779496000131985, 'bot', NULL);
INSERT INTO public.action VALUES (10, 18, 0, 'peg 5C', '2026-12-01 11:28:13.650754+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (10, 19, 1, 'peg 9H', '2026-12-01 11:28:13.650786+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (10, 20, 0, 'discard 8H TD', '2026-12-01 11:28:13.651116+00', 1.2745020001148077, 'bot', NULL);
INSERT INTO public.action VALUES (10, 21, 1, 'discard 4S 8S', '2026-12-01 11:28:13.651269+00', 51.28163900008076, 'bot', NULL);
INSERT INTO public.action VALUES (10, 22, 1, 'peg 9C', '2026-12-01 11:28:13.7028+00', 53.64085800010798, 'bot', NULL);
INSERT INTO public.action VALUES (10, 23, 0, 'peg 4H', '2026-12-01 11:28:13.756589+00', 7.682233000195993, 'bot', NULL);
INSERT INTO public.action VALUES (10, 24, 1, 'peg QD', '2026-12-01 11:28:13.764408+00', 50.71163399998113, 'bot', NULL);
INSERT INTO public.action VALUES (10, 25, 0, 'peg 2S', '2026-12-01 11:28:13.815306+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (10, 26, 1, 'peg KC', '2026-12-01 11:28:13.815374+00', 51.19823399991219, 'bot', NULL);
INSERT INTO public.action VALUES (10, 27, 0, 'peg QH', '2026-12-01 11:28:13.86677+00', 0.5631540000194946, 'bot', NULL);
INSERT INTO public.action VALUES (10, 28, 1, 'peg KD', '2026-12-01 11:28:13.867478+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (10, 29, 0, 'peg KS', '2026-12-01 11:28:13.867537+00', NULL, 'forced', NULL);
INSERT INTO public.action VALUES (10, 30, 0, 'discard 5H 9D', '2026-12-01 11:28:13.867822+00', 1.3741110001319612, 'bot', NULL);
INSERT INTO public.action VALUES (10, 31, 1, 'discard 2D 2S', '2026-12-01 11:28:13.867931+00', 51.16155899986552, 'bot', NULL);
INSERT INTO public.action VALUES (10, 32, 0, 'peg JC', '2026-12-01 11:28:13.919386+00', 0.8793189999778406, 'bot', NULL);


--
-- Data for Name: bot; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.bot VALUES (1, 'lexio_random', 'lexio', 'command', 'env PYTHONPATH=/tmp/prev-release/sdk /work/main/.venv/bin/python /tmp/prev-release/examples/lexio_random.py', '{}', NULL, '', '2026-12-01 11:27:20.2286+00');
INSERT INTO public.bot VALUES (2, 'lexio_greedy', 'lexio', 'command', 'env PYTHONPATH=/tmp/prev-release/sdk /work/main/.venv/bin/python /tmp/prev-release/examples/lexio_greedy.py', '{}', NULL, '', '2026-12-01 11:27:22.301364+00');
INSERT INTO public.bot VALUES (3, 'lexio_strong', 'lexio', 'command', 'env PYTHONPATH=/tmp/prev-release/sdk /work/main/.venv/bin/python /tmp/prev-release/examples/lexio_strong.py', '{}', NULL, '', '2026-12-01 11:27:24.309823+00');
INSERT INTO public.bot VALUES (4, 'cribbage_random', 'cribbage', 'command', 'env PYTHONPATH=/tmp/prev-release/sdk /work/main/.venv/bin/python /tmp/prev-release/examples/cribbage_random.py', '{"memory_mb": 512}', NULL, '', '2026-12-01 11:27:26.988727+00');
INSERT INTO public.bot VALUES (5, 'cribbage_greedy', 'cribbage', 'command', 'env PYTHONPATH=/tmp/prev-release/sdk /work/main/.venv/bin/python /tmp/prev-release/examples/cribbage_greedy.py', '{"memory_mb": 512}', NULL, '', '2026-12-01 11:27:30.231206+00');
INSERT INTO public.bot VALUES (6, 'cribbage_slow', 'cribbage', 'command', 'env PYTHONPATH=/tmp/prev-release/sdk /work/main/.venv/bin/python /work/main/tests/server/db/data/slow_cribbage_bot.py', '{}', NULL, '', '2026-12-01 11:27:34.023977+00');
INSERT INTO public.bot VALUES (7, 'faraway', 'lexio', 'remote', NULL, '{}', 'a8ec3ebb4c2a62d806a88639c864ef55654d1e680676218421f862279d257212', 'a remote bot', '2026-12-01 11:27:36.955897+00');
INSERT INTO public.bot VALUES (8, 'broken', 'cribbage', 'command', '/work/main/.venv/bin/python -c ''import sys; print(''"''"''broken: starting''"''"'', file=sys.stderr); print(''"''"''broken: about to fail''"''"''); raise RuntimeError(''"''"''boom''"''"'')''', '{}', NULL, 'crashes at once', '2026-12-01 11:27:40.761992+00');


--
-- Data for Name: event; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.event VALUES (1, 0, '2026-12-01 11:27:46.889061+00', 'RoundStarted', NULL, 'round 1 starts: seat 2 holds cloud3 and leads; hands of 12, 12, 12 tiles', '{"round_number": 1, "starting_seat": 2, "hand_sizes": [12, 12, 12]}', NULL);
INSERT INTO public.event VALUES (1, 1, '2026-12-01 11:27:46.889061+00', 'TilesDealt', 0, 'seat 0 is dealt moon3 sun4 cloud5 star5 cloud6 moon6 star7 moon7 cloud8 cloud9 cloud1 star1', '{"seat": 0, "round_number": 1, "tiles": ["moon3", "sun4", "cloud5", "star5", "cloud6", "moon6", "star7", "moon7", "cloud8", "cloud9", "cloud1", "star1"]}', NULL);
INSERT INTO public.event VALUES (1, 2, '2026-12-01 11:27:46.889061+00', 'TilesDealt', 1, 'seat 1 is dealt star3 sun3 star4 moon4 sun6 cloud7 sun8 star9 sun1 cloud2 moon2 sun2', '{"seat": 1, "round_number": 1, "tiles": ["star3", "sun3", "star4", "moon4", "sun6", "cloud7", "sun8", "star9", "sun1", "cloud2", "moon2", "sun2"]}', NULL);
INSERT INTO public.event VALUES (1, 3, '2026-12-01 11:27:46.889061+00', 'TilesDealt', 2, 'seat 2 is dealt cloud3 cloud4 moon5 sun5 star6 sun7 star8 moon8 moon9 sun9 moon1 star2', '{"seat": 2, "round_number": 1, "tiles": ["cloud3", "cloud4", "moon5", "sun5", "star6", "sun7", "star8", "moon8", "moon9", "sun9", "moon1", "star2"]}', NULL);
INSERT INTO public.event VALUES (1, 4, '2026-12-01 11:27:46.896523+00', 'Played', NULL, 'seat 2 plays moon5 star6 sun7 star8 moon9 (straight)', '{"seat": 2, "combination": "moon5 star6 sun7 star8 moon9"}', NULL);
INSERT INTO public.event VALUES (1, 5, '2026-12-01 11:27:46.89796+00', 'Played', NULL, 'seat 0 plays moon6 moon7 cloud8 cloud9 star1 (straight)', '{"seat": 0, "combination": "moon6 moon7 cloud8 cloud9 star1"}', NULL);
INSERT INTO public.event VALUES (1, 6, '2026-12-01 11:27:46.89908+00', 'Played', NULL, 'seat 1 plays sun6 cloud7 sun8 star9 sun1 (straight)', '{"seat": 1, "combination": "sun6 cloud7 sun8 star9 sun1"}', NULL);
INSERT INTO public.event VALUES (1, 7, '2026-12-01 11:27:46.901307+00', 'Played', NULL, 'seat 2 plays cloud3 cloud4 sun5 moon1 star2 (straight)', '{"seat": 2, "combination": "cloud3 cloud4 sun5 moon1 star2"}', NULL);
INSERT INTO public.event VALUES (1, 8, '2026-12-01 11:27:46.901434+00', 'Passed', NULL, 'seat 0 passes', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (1, 9, '2026-12-01 11:27:46.902685+00', 'Played', NULL, 'seat 1 plays star3 sun3 cloud2 moon2 sun2 (full house)', '{"seat": 1, "combination": "star3 sun3 cloud2 moon2 sun2"}', NULL);
INSERT INTO public.event VALUES (1, 10, '2026-12-01 11:27:46.902777+00', 'Passed', NULL, 'seat 2 passes', '{"seat": 2}', NULL);
INSERT INTO public.event VALUES (1, 11, '2026-12-01 11:27:46.902829+00', 'Passed', NULL, 'seat 0 passes', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (1, 12, '2026-12-01 11:27:46.902829+00', 'TrickWon', NULL, 'seat 1 wins the trick; the table is cleared and seat 1 leads', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (1, 13, '2026-12-01 11:27:46.904133+00', 'Played', NULL, 'seat 1 plays star4 moon4 (pair)', '{"seat": 1, "combination": "star4 moon4"}', NULL);
INSERT INTO public.event VALUES (1, 14, '2026-12-01 11:27:46.904133+00', 'RoundEnded', NULL, 'round 1 ends, seat 1 went out: seat 0 -12 (count 7: moon3 sun4 cloud5 star5 cloud6 star7 cloud1); seat 1 +9 (count 0: nothing); seat 2 +3 (count 2: moon8 sun9); balances 52 73 67', '{"round_number": 1, "winner": 1, "hands": [["moon3", "sun4", "cloud5", "star5", "cloud6", "star7", "cloud1"], [], ["moon8", "sun9"]], "counts": [7, 0, 2], "nets": [-12, 9, 3], "balances": [52, 73, 67]}', NULL);
INSERT INTO public.event VALUES (1, 15, '2026-12-01 11:27:46.904133+00', 'MatchEnded', NULL, 'match over after 1 rounds: seat 0 52 (place 3), seat 1 73 (place 1), seat 2 67 (place 2)', '{"rounds_played": 1, "balances": [52, 73, 67], "places": [3, 1, 2]}', NULL);
INSERT INTO public.event VALUES (2, 0, '2026-12-01 11:27:46.938822+00', 'RoundStarted', NULL, 'round 1 starts: seat 2 holds cloud3 and leads; hands of 12, 12, 12 tiles', '{"round_number": 1, "starting_seat": 2, "hand_sizes": [12, 12, 12]}', NULL);
INSERT INTO public.event VALUES (2, 1, '2026-12-01 11:27:46.938822+00', 'TilesDealt', 0, 'seat 0 is dealt moon3 sun4 cloud5 star5 cloud6 moon6 star7 moon7 cloud8 cloud9 cloud1 star1', '{"seat": 0, "round_number": 1, "tiles": ["moon3", "sun4", "cloud5", "star5", "cloud6", "moon6", "star7", "moon7", "cloud8", "cloud9", "cloud1", "star1"]}', NULL);
INSERT INTO public.event VALUES (2, 2, '2026-12-01 11:27:46.938822+00', 'TilesDealt', 1, 'seat 1 is dealt star3 sun3 star4 moon4 sun6 cloud7 sun8 star9 sun1 cloud2 moon2 sun2', '{"seat": 1, "round_number": 1, "tiles": ["star3", "sun3", "star4", "moon4", "sun6", "cloud7", "sun8", "star9", "sun1", "cloud2", "moon2", "sun2"]}', NULL);
INSERT INTO public.event VALUES (2, 3, '2026-12-01 11:27:46.938822+00', 'TilesDealt', 2, 'seat 2 is dealt cloud3 cloud4 moon5 sun5 star6 sun7 star8 moon8 moon9 sun9 moon1 star2', '{"seat": 2, "round_number": 1, "tiles": ["cloud3", "cloud4", "moon5", "sun5", "star6", "sun7", "star8", "moon8", "moon9", "sun9", "moon1", "star2"]}', NULL);
INSERT INTO public.event VALUES (2, 4, '2026-12-01 11:27:46.941359+00', 'Played', NULL, 'seat 2 plays cloud3 cloud4 moon5 moon1 star2 (straight)', '{"seat": 2, "combination": "cloud3 cloud4 moon5 moon1 star2"}', NULL);
INSERT INTO public.event VALUES (2, 5, '2026-12-01 11:27:46.944852+00', 'Played', NULL, 'seat 0 plays cloud5 cloud6 cloud8 cloud9 cloud1 (flush)', '{"seat": 0, "combination": "cloud5 cloud6 cloud8 cloud9 cloud1"}', NULL);
INSERT INTO public.event VALUES (2, 6, '2026-12-01 11:27:46.945986+00', 'Played', NULL, 'seat 1 plays star3 sun3 cloud2 moon2 sun2 (full house)', '{"seat": 1, "combination": "star3 sun3 cloud2 moon2 sun2"}', NULL);
INSERT INTO public.event VALUES (2, 7, '2026-12-01 11:27:46.946045+00', 'Passed', NULL, 'seat 2 passes', '{"seat": 2}', NULL);
INSERT INTO public.event VALUES (2, 8, '2026-12-01 11:27:46.946075+00', 'Passed', NULL, 'seat 0 passes', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (2, 9, '2026-12-01 11:27:46.946075+00', 'TrickWon', NULL, 'seat 1 wins the trick; the table is cleared and seat 1 leads', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (2, 10, '2026-12-01 11:27:46.947141+00', 'Played', NULL, 'seat 1 plays sun6 cloud7 sun8 star9 sun1 (straight)', '{"seat": 1, "combination": "sun6 cloud7 sun8 star9 sun1"}', NULL);
INSERT INTO public.event VALUES (2, 11, '2026-12-01 11:27:46.947193+00', 'Passed', NULL, 'seat 2 passes', '{"seat": 2}', NULL);
INSERT INTO public.event VALUES (2, 12, '2026-12-01 11:27:46.94722+00', 'Passed', NULL, 'seat 0 passes', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (2, 13, '2026-12-01 11:27:46.94722+00', 'TrickWon', NULL, 'seat 1 wins the trick; the table is cleared and seat 1 leads', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (2, 14, '2026-12-01 11:27:46.94805+00', 'Played', NULL, 'seat 1 plays star4 moon4 (pair)', '{"seat": 1, "combination": "star4 moon4"}', NULL);
INSERT INTO public.event VALUES (2, 15, '2026-12-01 11:27:46.94805+00', 'RoundEnded', NULL, 'round 1 ends, seat 1 went out: seat 0 -7 (count 7: moon3 sun4 star5 moon6 star7 moon7 star1); seat 1 +14 (count 0: nothing); seat 2 -7 (count 7: sun5 star6 sun7 star8 moon8 moon9 sun9); balances 57 78 57', '{"round_number": 1, "winner": 1, "hands": [["moon3", "sun4", "star5", "moon6", "star7", "moon7", "star1"], [], ["sun5", "star6", "sun7", "star8", "moon8", "moon9", "sun9"]], "counts": [7, 0, 7], "nets": [-7, 14, -7], "balances": [57, 78, 57]}', NULL);
INSERT INTO public.event VALUES (2, 16, '2026-12-01 11:27:46.94805+00', 'MatchEnded', NULL, 'match over after 1 rounds: seat 0 57 (place 2), seat 1 78 (place 1), seat 2 57 (place 2)', '{"rounds_played": 1, "balances": [57, 78, 57], "places": [2, 1, 2]}', NULL);
INSERT INTO public.event VALUES (3, 0, '2026-12-01 11:27:47.825517+00', 'RoundStarted', NULL, 'round 1 starts: seat 2 holds cloud3 and leads; hands of 12, 12, 12 tiles', '{"round_number": 1, "starting_seat": 2, "hand_sizes": [12, 12, 12]}', NULL);
INSERT INTO public.event VALUES (3, 1, '2026-12-01 11:27:47.825517+00', 'TilesDealt', 0, 'seat 0 is dealt moon3 sun4 cloud5 star5 cloud6 moon6 star7 moon7 cloud8 cloud9 cloud1 star1', '{"seat": 0, "round_number": 1, "tiles": ["moon3", "sun4", "cloud5", "star5", "cloud6", "moon6", "star7", "moon7", "cloud8", "cloud9", "cloud1", "star1"]}', NULL);
INSERT INTO public.event VALUES (3, 2, '2026-12-01 11:27:47.825517+00', 'TilesDealt', 1, 'seat 1 is dealt star3 sun3 star4 moon4 sun6 cloud7 sun8 star9 sun1 cloud2 moon2 sun2', '{"seat": 1, "round_number": 1, "tiles": ["star3", "sun3", "star4", "moon4", "sun6", "cloud7", "sun8", "star9", "sun1", "cloud2", "moon2", "sun2"]}', NULL);
INSERT INTO public.event VALUES (3, 3, '2026-12-01 11:27:47.825517+00', 'TilesDealt', 2, 'seat 2 is dealt cloud3 cloud4 moon5 sun5 star6 sun7 star8 moon8 moon9 sun9 moon1 star2', '{"seat": 2, "round_number": 1, "tiles": ["cloud3", "cloud4", "moon5", "sun5", "star6", "sun7", "star8", "moon8", "moon9", "sun9", "moon1", "star2"]}', NULL);
INSERT INTO public.event VALUES (3, 4, '2026-12-01 11:27:47.831575+00', 'Played', NULL, 'seat 2 plays cloud3 cloud4 moon5 star6 sun7 (straight)', '{"seat": 2, "combination": "cloud3 cloud4 moon5 star6 sun7"}', NULL);
INSERT INTO public.event VALUES (3, 5, '2026-12-01 11:27:47.836524+00', 'Played', NULL, 'seat 0 plays cloud5 cloud6 star7 cloud8 cloud9 (straight)', '{"seat": 0, "combination": "cloud5 cloud6 star7 cloud8 cloud9"}', NULL);
INSERT INTO public.event VALUES (3, 6, '2026-12-01 11:27:47.837386+00', 'Passed', NULL, 'seat 1 passes', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (3, 7, '2026-12-01 11:27:47.837436+00', 'Passed', NULL, 'seat 2 passes', '{"seat": 2}', NULL);
INSERT INTO public.event VALUES (5, 46, '2026-12-01 11:27:56.968804+00', 'Passed', NULL, 'seat 2 passes', '{"seat": 2}', NULL);
INSERT INTO public.event VALUES (3, 8, '2026-12-01 11:27:47.837436+00', 'TrickWon', NULL, 'seat 0 wins the trick; the table is cleared and seat 0 leads', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (3, 9, '2026-12-01 11:27:47.851428+00', 'Played', NULL, 'seat 0 plays moon3 sun4 star5 moon6 moon7 (straight)', '{"seat": 0, "combination": "moon3 sun4 star5 moon6 moon7"}', NULL);
INSERT INTO public.event VALUES (3, 10, '2026-12-01 11:27:47.852268+00', 'Passed', NULL, 'seat 1 passes', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (3, 11, '2026-12-01 11:27:47.852329+00', 'Passed', NULL, 'seat 2 passes', '{"seat": 2}', NULL);
INSERT INTO public.event VALUES (3, 12, '2026-12-01 11:27:47.852329+00', 'TrickWon', NULL, 'seat 0 wins the trick; the table is cleared and seat 0 leads', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (3, 13, '2026-12-01 11:27:47.853248+00', 'Played', NULL, 'seat 0 plays cloud1 star1 (pair)', '{"seat": 0, "combination": "cloud1 star1"}', NULL);
INSERT INTO public.event VALUES (3, 14, '2026-12-01 11:27:47.853248+00', 'RoundEnded', NULL, 'round 1 ends, seat 0 went out: seat 0 +110 (count 0: nothing); seat 1 -178 (count 96: star3 sun3 star4 moon4 sun6 cloud7 sun8 star9 sun1 cloud2 moon2 sun2); seat 2 +68 (count 14: sun5 star8 moon8 moon9 sun9 moon1 star2); balances 174 -114 132', '{"round_number": 1, "winner": 0, "hands": [[], ["star3", "sun3", "star4", "moon4", "sun6", "cloud7", "sun8", "star9", "sun1", "cloud2", "moon2", "sun2"], ["sun5", "star8", "moon8", "moon9", "sun9", "moon1", "star2"]], "counts": [0, 96, 14], "nets": [110, -178, 68], "balances": [174, -114, 132]}', NULL);
INSERT INTO public.event VALUES (3, 15, '2026-12-01 11:27:47.853248+00', 'MatchEnded', NULL, 'match over after 1 rounds: seat 0 174 (place 1), seat 1 -114 (place 3), seat 2 132 (place 2)', '{"rounds_played": 1, "balances": [174, -114, 132], "places": [1, 3, 2]}', NULL);
INSERT INTO public.event VALUES (4, 0, '2026-12-01 11:27:50.884236+00', 'CutForDeal', NULL, 'cut for deal: seat 0 5C, seat 1 5H: tie, cut again', '{"cuts": [[0, "5C"], [1, "5H"]], "dealer": null}', NULL);
INSERT INTO public.event VALUES (4, 1, '2026-12-01 11:27:50.884236+00', 'CutForDeal', NULL, 'cut for deal: seat 0 JS, seat 1 KS: seat 0 deals', '{"cuts": [[0, "JS"], [1, "KS"]], "dealer": 0}', NULL);
INSERT INTO public.event VALUES (4, 2, '2026-12-01 11:27:50.884236+00', 'GameStarted', NULL, 'game 1 begins: seat 0 deals first (cut)', '{"game": 1, "dealer": 0, "reason": "cut"}', NULL);
INSERT INTO public.event VALUES (4, 3, '2026-12-01 11:27:50.884236+00', 'ThreeForLast', NULL, 'seat 1 pegs 3 for last (non-dealer), score 3', '{"seat": 1, "score": 3}', NULL);
INSERT INTO public.event VALUES (4, 4, '2026-12-01 11:27:50.884236+00', 'HandDealt', NULL, 'game 1 hand 1: seat 0 deals 5 cards to each hand', '{"game": 1, "hand": 1, "dealer": 0, "cards_each": 5, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (4, 5, '2026-12-01 11:27:50.884236+00', 'CardsDealt', 0, 'seat 0 is dealt AH 4C 8H 8S 9S', '{"seat": 0, "cards": ["AH", "4C", "8H", "8S", "9S"]}', NULL);
INSERT INTO public.event VALUES (4, 6, '2026-12-01 11:27:50.884236+00', 'CardsDealt', 1, 'seat 1 is dealt AS 2H 6C 6H 7C', '{"seat": 1, "cards": ["AS", "2H", "6C", "6H", "7C"]}', NULL);
INSERT INTO public.event VALUES (4, 7, '2026-12-01 11:27:50.889449+00', 'DiscardedCards', 0, 'seat 0 lays away AH 4C', '{"seat": 0, "cards": ["AH", "4C"]}', NULL);
INSERT INTO public.event VALUES (4, 8, '2026-12-01 11:27:50.889449+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (4, 9, '2026-12-01 11:27:50.889449+00', 'DiscardedCards', 1, 'seat 1 lays away AS 2H', '{"seat": 1, "cards": ["AS", "2H"]}', NULL);
INSERT INTO public.event VALUES (4, 10, '2026-12-01 11:27:50.889449+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (4, 11, '2026-12-01 11:27:50.889449+00', 'StarterTurned', NULL, 'starter: 3S', '{"card": "3S"}', NULL);
INSERT INTO public.event VALUES (4, 12, '2026-12-01 11:27:50.890203+00', 'Pegged', NULL, 'seat 1 plays 6C, count 6', '{"seat": 1, "card": "6C", "count": 6, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 3}', NULL);
INSERT INTO public.event VALUES (4, 13, '2026-12-01 11:27:50.89027+00', 'Pegged', NULL, 'seat 0 plays 8H, count 14', '{"seat": 0, "card": "8H", "count": 14, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 0}', NULL);
INSERT INTO public.event VALUES (4, 14, '2026-12-01 11:27:50.890781+00', 'Pegged', NULL, 'seat 1 plays 7C, count 21: run of 3 = 3, score 6', '{"seat": 1, "card": "7C", "count": 21, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 3}, "score": 6}', NULL);
INSERT INTO public.event VALUES (4, 15, '2026-12-01 11:27:50.890953+00', 'Pegged', NULL, 'seat 0 plays 8S, count 29', '{"seat": 0, "card": "8S", "count": 29, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 0}', NULL);
INSERT INTO public.event VALUES (4, 16, '2026-12-01 11:27:50.890953+00', 'Go', NULL, 'seat 1: go at 29', '{"seat": 1, "count": 29}', NULL);
INSERT INTO public.event VALUES (4, 17, '2026-12-01 11:27:50.890953+00', 'LastCard', NULL, 'seat 0 pegs 1 for last card, score 1', '{"seat": 0, "score": 1, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (4, 18, '2026-12-01 11:27:50.890953+00', 'HandShown', NULL, 'seat 1 shows 6C 6H 7C + 3S: fifteens 2, pairs 2 = 4, score 10', '{"seat": 1, "cards": ["6C", "6H", "7C"], "starter": "3S", "breakdown": {"fifteens": 2, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 10}', NULL);
INSERT INTO public.event VALUES (4, 19, '2026-12-01 11:27:50.890953+00', 'HandShown', NULL, 'seat 0 shows 8H 8S 9S + 3S: pairs 2 = 2, score 3', '{"seat": 0, "cards": ["8H", "8S", "9S"], "starter": "3S", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 3}', NULL);
INSERT INTO public.event VALUES (4, 20, '2026-12-01 11:27:50.890953+00', 'CribShown', NULL, 'seat 0''s crib AH AS 2H 4C + 3S: pairs 2, runs 8 = 10, score 13', '{"seat": 0, "cards": ["AH", "AS", "2H", "4C"], "starter": "3S", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 8, "flush": 0, "nobs": 0}, "score": 13}', NULL);
INSERT INTO public.event VALUES (4, 21, '2026-12-01 11:27:50.890953+00', 'HandDealt', NULL, 'game 1 hand 2: seat 1 deals 5 cards to each hand', '{"game": 1, "hand": 2, "dealer": 1, "cards_each": 5, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (4, 22, '2026-12-01 11:27:50.890953+00', 'CardsDealt', 0, 'seat 0 is dealt 2H 3D JH JS KD', '{"seat": 0, "cards": ["2H", "3D", "JH", "JS", "KD"]}', NULL);
INSERT INTO public.event VALUES (4, 23, '2026-12-01 11:27:50.890953+00', 'CardsDealt', 1, 'seat 1 is dealt AH 3H 5H 6D 7H', '{"seat": 1, "cards": ["AH", "3H", "5H", "6D", "7H"]}', NULL);
INSERT INTO public.event VALUES (4, 24, '2026-12-01 11:27:50.892073+00', 'DiscardedCards', 0, 'seat 0 lays away 2H 3D', '{"seat": 0, "cards": ["2H", "3D"]}', NULL);
INSERT INTO public.event VALUES (4, 25, '2026-12-01 11:27:50.892073+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (4, 26, '2026-12-01 11:27:50.892073+00', 'DiscardedCards', 1, 'seat 1 lays away AH 3H', '{"seat": 1, "cards": ["AH", "3H"]}', NULL);
INSERT INTO public.event VALUES (4, 27, '2026-12-01 11:27:50.892073+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (4, 28, '2026-12-01 11:27:50.892073+00', 'StarterTurned', NULL, 'starter: 3S', '{"card": "3S"}', NULL);
INSERT INTO public.event VALUES (4, 29, '2026-12-01 11:27:50.892147+00', 'Pegged', NULL, 'seat 0 plays JH, count 10', '{"seat": 0, "card": "JH", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 13}', NULL);
INSERT INTO public.event VALUES (4, 30, '2026-12-01 11:27:50.892754+00', 'Pegged', NULL, 'seat 1 plays 5H, count 15: fifteen 2 = 2, score 12', '{"seat": 1, "card": "5H", "count": 15, "breakdown": {"fifteen": 2, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 12}', NULL);
INSERT INTO public.event VALUES (4, 31, '2026-12-01 11:27:50.892805+00', 'Pegged', NULL, 'seat 0 plays JS, count 25', '{"seat": 0, "card": "JS", "count": 25, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 13}', NULL);
INSERT INTO public.event VALUES (4, 32, '2026-12-01 11:27:50.892915+00', 'Pegged', NULL, 'seat 1 plays 6D, count 31: thirty-one 2 = 2, score 14', '{"seat": 1, "card": "6D", "count": 31, "breakdown": {"fifteen": 0, "thirty_one": 2, "pairs": 0, "run": 0}, "score": 14}', NULL);
INSERT INTO public.event VALUES (4, 33, '2026-12-01 11:27:50.892915+00', 'HandShown', NULL, 'seat 0 shows JH JS KD + 3S: pairs 2, nobs 1 = 3, score 16', '{"seat": 0, "cards": ["JH", "JS", "KD"], "starter": "3S", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 0, "flush": 0, "nobs": 1}, "score": 16}', NULL);
INSERT INTO public.event VALUES (4, 34, '2026-12-01 11:27:50.892915+00', 'HandShown', NULL, 'seat 1 shows 5H 6D 7H + 3S: fifteens 2, runs 3 = 5, score 19', '{"seat": 1, "cards": ["5H", "6D", "7H"], "starter": "3S", "breakdown": {"fifteens": 2, "pairs": 0, "runs": 3, "flush": 0, "nobs": 0}, "score": 19}', NULL);
INSERT INTO public.event VALUES (4, 35, '2026-12-01 11:27:50.892915+00', 'CribShown', NULL, 'seat 1''s crib AH 2H 3D 3H + 3S: pairs 6, runs 9 = 15, score 34', '{"seat": 1, "cards": ["AH", "2H", "3D", "3H"], "starter": "3S", "breakdown": {"fifteens": 0, "pairs": 6, "runs": 9, "flush": 0, "nobs": 0}, "score": 34}', NULL);
INSERT INTO public.event VALUES (4, 36, '2026-12-01 11:27:50.892915+00', 'HandDealt', NULL, 'game 1 hand 3: seat 0 deals 5 cards to each hand', '{"game": 1, "hand": 3, "dealer": 0, "cards_each": 5, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (4, 37, '2026-12-01 11:27:50.892915+00', 'CardsDealt', 0, 'seat 0 is dealt 2H 7C 8S TH QD', '{"seat": 0, "cards": ["2H", "7C", "8S", "TH", "QD"]}', NULL);
INSERT INTO public.event VALUES (4, 38, '2026-12-01 11:27:50.892915+00', 'CardsDealt', 1, 'seat 1 is dealt AD 5D 7H 8H QS', '{"seat": 1, "cards": ["AD", "5D", "7H", "8H", "QS"]}', NULL);
INSERT INTO public.event VALUES (4, 39, '2026-12-01 11:27:50.894038+00', 'DiscardedCards', 0, 'seat 0 lays away 2H 7C', '{"seat": 0, "cards": ["2H", "7C"]}', NULL);
INSERT INTO public.event VALUES (4, 40, '2026-12-01 11:27:50.894038+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (4, 41, '2026-12-01 11:27:50.894038+00', 'DiscardedCards', 1, 'seat 1 lays away AD 5D', '{"seat": 1, "cards": ["AD", "5D"]}', NULL);
INSERT INTO public.event VALUES (4, 42, '2026-12-01 11:27:50.894038+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (4, 43, '2026-12-01 11:27:50.894038+00', 'StarterTurned', NULL, 'starter: TD', '{"card": "TD"}', NULL);
INSERT INTO public.event VALUES (4, 44, '2026-12-01 11:27:50.894569+00', 'Pegged', NULL, 'seat 1 plays 7H, count 7', '{"seat": 1, "card": "7H", "count": 7, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 34}', NULL);
INSERT INTO public.event VALUES (4, 45, '2026-12-01 11:27:50.894613+00', 'Pegged', NULL, 'seat 0 plays 8S, count 15: fifteen 2 = 2, score 18', '{"seat": 0, "card": "8S", "count": 15, "breakdown": {"fifteen": 2, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 18}', NULL);
INSERT INTO public.event VALUES (4, 46, '2026-12-01 11:27:50.895175+00', 'Pegged', NULL, 'seat 1 plays 8H, count 23: pair 2 = 2, score 36', '{"seat": 1, "card": "8H", "count": 23, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 2, "run": 0}, "score": 36}', NULL);
INSERT INTO public.event VALUES (4, 47, '2026-12-01 11:27:50.895175+00', 'Go', NULL, 'seat 0: go at 23', '{"seat": 0, "count": 23}', NULL);
INSERT INTO public.event VALUES (4, 48, '2026-12-01 11:27:50.895175+00', 'LastCard', NULL, 'seat 1 pegs 1 for last card, score 37', '{"seat": 1, "score": 37, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (4, 49, '2026-12-01 11:27:50.895175+00', 'HandShown', NULL, 'seat 1 shows 7H 8H QS + TD: fifteens 2 = 2, score 39', '{"seat": 1, "cards": ["7H", "8H", "QS"], "starter": "TD", "breakdown": {"fifteens": 2, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 39}', NULL);
INSERT INTO public.event VALUES (4, 50, '2026-12-01 11:27:50.895175+00', 'HandShown', NULL, 'seat 0 shows 8S TH QD + TD: pairs 2 = 2, score 20', '{"seat": 0, "cards": ["8S", "TH", "QD"], "starter": "TD", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 20}', NULL);
INSERT INTO public.event VALUES (4, 51, '2026-12-01 11:27:50.895175+00', 'CribShown', NULL, 'seat 0''s crib AD 2H 5D 7C + TD: fifteens 4 = 4, score 24', '{"seat": 0, "cards": ["AD", "2H", "5D", "7C"], "starter": "TD", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 24}', NULL);
INSERT INTO public.event VALUES (4, 52, '2026-12-01 11:27:50.895175+00', 'HandDealt', NULL, 'game 1 hand 4: seat 1 deals 5 cards to each hand', '{"game": 1, "hand": 4, "dealer": 1, "cards_each": 5, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (4, 53, '2026-12-01 11:27:50.895175+00', 'CardsDealt', 0, 'seat 0 is dealt AS 2S 6S 8D KC', '{"seat": 0, "cards": ["AS", "2S", "6S", "8D", "KC"]}', NULL);
INSERT INTO public.event VALUES (4, 54, '2026-12-01 11:27:50.895175+00', 'CardsDealt', 1, 'seat 1 is dealt 3S 5D 7D 9D JD', '{"seat": 1, "cards": ["3S", "5D", "7D", "9D", "JD"]}', NULL);
INSERT INTO public.event VALUES (4, 55, '2026-12-01 11:27:50.896374+00', 'DiscardedCards', 0, 'seat 0 lays away AS 2S', '{"seat": 0, "cards": ["AS", "2S"]}', NULL);
INSERT INTO public.event VALUES (4, 56, '2026-12-01 11:27:50.896374+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (4, 57, '2026-12-01 11:27:50.896374+00', 'DiscardedCards', 1, 'seat 1 lays away 3S 7D', '{"seat": 1, "cards": ["3S", "7D"]}', NULL);
INSERT INTO public.event VALUES (4, 58, '2026-12-01 11:27:50.896374+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (4, 59, '2026-12-01 11:27:50.896374+00', 'StarterTurned', NULL, 'starter: 5H', '{"card": "5H"}', NULL);
INSERT INTO public.event VALUES (4, 60, '2026-12-01 11:27:50.896442+00', 'Pegged', NULL, 'seat 0 plays 6S, count 6', '{"seat": 0, "card": "6S", "count": 6, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 24}', NULL);
INSERT INTO public.event VALUES (4, 61, '2026-12-01 11:27:50.897013+00', 'Pegged', NULL, 'seat 1 plays 9D, count 15: fifteen 2 = 2, score 41', '{"seat": 1, "card": "9D", "count": 15, "breakdown": {"fifteen": 2, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 41}', NULL);
INSERT INTO public.event VALUES (4, 62, '2026-12-01 11:27:50.897057+00', 'Pegged', NULL, 'seat 0 plays 8D, count 23', '{"seat": 0, "card": "8D", "count": 23, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 24}', NULL);
INSERT INTO public.event VALUES (4, 63, '2026-12-01 11:27:50.897149+00', 'Pegged', NULL, 'seat 1 plays 5D, count 28', '{"seat": 1, "card": "5D", "count": 28, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 41}', NULL);
INSERT INTO public.event VALUES (4, 64, '2026-12-01 11:27:50.897149+00', 'Go', NULL, 'seat 0: go at 28', '{"seat": 0, "count": 28}', NULL);
INSERT INTO public.event VALUES (4, 65, '2026-12-01 11:27:50.897149+00', 'LastCard', NULL, 'seat 1 pegs 1 for last card, score 42', '{"seat": 1, "score": 42, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (4, 66, '2026-12-01 11:27:50.897149+00', 'HandShown', NULL, 'seat 0 shows 6S 8D KC + 5H: fifteens 2 = 2, score 26', '{"seat": 0, "cards": ["6S", "8D", "KC"], "starter": "5H", "breakdown": {"fifteens": 2, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 26}', NULL);
INSERT INTO public.event VALUES (4, 67, '2026-12-01 11:27:50.897149+00', 'HandShown', NULL, 'seat 1 shows 5D 9D JD + 5H: fifteens 4, pairs 2, flush 3 = 9, score 51', '{"seat": 1, "cards": ["5D", "9D", "JD"], "starter": "5H", "breakdown": {"fifteens": 4, "pairs": 2, "runs": 0, "flush": 3, "nobs": 0}, "score": 51}', NULL);
INSERT INTO public.event VALUES (4, 68, '2026-12-01 11:27:50.897149+00', 'CribShown', NULL, 'seat 1''s crib AS 2S 3S 7D + 5H: fifteens 4, runs 3 = 7, score 58', '{"seat": 1, "cards": ["AS", "2S", "3S", "7D"], "starter": "5H", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 3, "flush": 0, "nobs": 0}, "score": 58}', NULL);
INSERT INTO public.event VALUES (4, 69, '2026-12-01 11:27:50.897149+00', 'HandDealt', NULL, 'game 1 hand 5: seat 0 deals 5 cards to each hand', '{"game": 1, "hand": 5, "dealer": 0, "cards_each": 5, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (4, 70, '2026-12-01 11:27:50.897149+00', 'CardsDealt', 0, 'seat 0 is dealt 2D 3D 4D 4H 5C', '{"seat": 0, "cards": ["2D", "3D", "4D", "4H", "5C"]}', NULL);
INSERT INTO public.event VALUES (4, 71, '2026-12-01 11:27:50.897149+00', 'CardsDealt', 1, 'seat 1 is dealt AD 9C 9S JC KH', '{"seat": 1, "cards": ["AD", "9C", "9S", "JC", "KH"]}', NULL);
INSERT INTO public.event VALUES (4, 72, '2026-12-01 11:27:50.89815+00', 'DiscardedCards', 0, 'seat 0 lays away 2D 3D', '{"seat": 0, "cards": ["2D", "3D"]}', NULL);
INSERT INTO public.event VALUES (4, 73, '2026-12-01 11:27:50.89815+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (4, 74, '2026-12-01 11:27:50.89815+00', 'DiscardedCards', 1, 'seat 1 lays away AD JC', '{"seat": 1, "cards": ["AD", "JC"]}', NULL);
INSERT INTO public.event VALUES (4, 75, '2026-12-01 11:27:50.89815+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (4, 76, '2026-12-01 11:27:50.89815+00', 'StarterTurned', NULL, 'starter: TH', '{"card": "TH"}', NULL);
INSERT INTO public.event VALUES (4, 77, '2026-12-01 11:27:50.898683+00', 'Pegged', NULL, 'seat 1 plays 9C, count 9', '{"seat": 1, "card": "9C", "count": 9, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 58}', NULL);
INSERT INTO public.event VALUES (4, 78, '2026-12-01 11:27:50.898725+00', 'Pegged', NULL, 'seat 0 plays 4D, count 13', '{"seat": 0, "card": "4D", "count": 13, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 26}', NULL);
INSERT INTO public.event VALUES (4, 79, '2026-12-01 11:27:50.899144+00', 'Pegged', NULL, 'seat 1 plays 9S, count 22', '{"seat": 1, "card": "9S", "count": 22, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 58}', NULL);
INSERT INTO public.event VALUES (4, 80, '2026-12-01 11:27:50.899185+00', 'Pegged', NULL, 'seat 0 plays 4H, count 26', '{"seat": 0, "card": "4H", "count": 26, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 26}', NULL);
INSERT INTO public.event VALUES (4, 81, '2026-12-01 11:27:50.899185+00', 'Go', NULL, 'seat 1: go at 26', '{"seat": 1, "count": 26}', NULL);
INSERT INTO public.event VALUES (4, 82, '2026-12-01 11:27:50.89928+00', 'Pegged', NULL, 'seat 0 plays 5C, count 31: thirty-one 2 = 2, score 28', '{"seat": 0, "card": "5C", "count": 31, "breakdown": {"fifteen": 0, "thirty_one": 2, "pairs": 0, "run": 0}, "score": 28}', NULL);
INSERT INTO public.event VALUES (4, 83, '2026-12-01 11:27:50.89928+00', 'HandShown', NULL, 'seat 1 shows 9C 9S KH + TH: pairs 2 = 2, score 60', '{"seat": 1, "cards": ["9C", "9S", "KH"], "starter": "TH", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 60}', NULL);
INSERT INTO public.event VALUES (4, 84, '2026-12-01 11:27:50.89928+00', 'HandShown', NULL, 'seat 0 shows 4D 4H 5C + TH: fifteens 2, pairs 2 = 4, score 32', '{"seat": 0, "cards": ["4D", "4H", "5C"], "starter": "TH", "breakdown": {"fifteens": 2, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 32}', NULL);
INSERT INTO public.event VALUES (4, 85, '2026-12-01 11:27:50.89928+00', 'CribShown', NULL, 'seat 0''s crib AD 2D 3D JC + TH: fifteens 4, runs 3 = 7, score 39', '{"seat": 0, "cards": ["AD", "2D", "3D", "JC"], "starter": "TH", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 3, "flush": 0, "nobs": 0}, "score": 39}', NULL);
INSERT INTO public.event VALUES (4, 86, '2026-12-01 11:27:50.89928+00', 'HandDealt', NULL, 'game 1 hand 6: seat 1 deals 5 cards to each hand', '{"game": 1, "hand": 6, "dealer": 1, "cards_each": 5, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (4, 87, '2026-12-01 11:27:50.89928+00', 'CardsDealt', 0, 'seat 0 is dealt 4S 7H 7S 8C KD', '{"seat": 0, "cards": ["4S", "7H", "7S", "8C", "KD"]}', NULL);
INSERT INTO public.event VALUES (4, 88, '2026-12-01 11:27:50.89928+00', 'CardsDealt', 1, 'seat 1 is dealt 4H 5H 8H 9C JH', '{"seat": 1, "cards": ["4H", "5H", "8H", "9C", "JH"]}', NULL);
INSERT INTO public.event VALUES (4, 89, '2026-12-01 11:27:50.900252+00', 'DiscardedCards', 0, 'seat 0 lays away 4S 7H', '{"seat": 0, "cards": ["4S", "7H"]}', NULL);
INSERT INTO public.event VALUES (4, 90, '2026-12-01 11:27:50.900252+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (4, 91, '2026-12-01 11:27:50.900252+00', 'DiscardedCards', 1, 'seat 1 lays away 4H 8H', '{"seat": 1, "cards": ["4H", "8H"]}', NULL);
INSERT INTO public.event VALUES (4, 92, '2026-12-01 11:27:50.900252+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (4, 93, '2026-12-01 11:27:50.900252+00', 'StarterTurned', NULL, 'starter: 2S', '{"card": "2S"}', NULL);
INSERT INTO public.event VALUES (4, 94, '2026-12-01 11:27:50.900332+00', 'Pegged', NULL, 'seat 0 plays 7S, count 7', '{"seat": 0, "card": "7S", "count": 7, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 39}', NULL);
INSERT INTO public.event VALUES (4, 95, '2026-12-01 11:27:50.900989+00', 'Pegged', NULL, 'seat 1 plays 5H, count 12', '{"seat": 1, "card": "5H", "count": 12, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 60}', NULL);
INSERT INTO public.event VALUES (4, 96, '2026-12-01 11:27:50.901035+00', 'Pegged', NULL, 'seat 0 plays 8C, count 20', '{"seat": 0, "card": "8C", "count": 20, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 39}', NULL);
INSERT INTO public.event VALUES (4, 97, '2026-12-01 11:27:50.901545+00', 'Pegged', NULL, 'seat 1 plays 9C, count 29', '{"seat": 1, "card": "9C", "count": 29, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 60}', NULL);
INSERT INTO public.event VALUES (4, 98, '2026-12-01 11:27:50.901545+00', 'Go', NULL, 'seat 0: go at 29', '{"seat": 0, "count": 29}', NULL);
INSERT INTO public.event VALUES (4, 99, '2026-12-01 11:27:50.901545+00', 'LastCard', NULL, 'seat 1 pegs 1 for last card, score 61', '{"seat": 1, "score": 61, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (4, 100, '2026-12-01 11:27:50.901545+00', 'GameWon', NULL, 'game 1 won by seat 1, 39-61 (no skunk): 1 game point, match 0-1', '{"game": 1, "winner": 1, "scores": [39, 61], "skunk": "no skunk", "game_points": 1, "match": [0, 1]}', NULL);
INSERT INTO public.event VALUES (4, 101, '2026-12-01 11:27:50.901545+00', 'MatchEnded', NULL, 'match won by seat 1, game points 0-1', '{"winner": 1, "scores": [0, 1]}', NULL);
INSERT INTO public.event VALUES (5, 0, '2026-12-01 11:27:56.934567+00', 'RoundStarted', NULL, 'round 1 starts: seat 1 holds cloud3 and leads; hands of 13, 13, 13, 13 tiles', '{"round_number": 1, "starting_seat": 1, "hand_sizes": [13, 13, 13, 13]}', NULL);
INSERT INTO public.event VALUES (5, 1, '2026-12-01 11:27:56.934567+00', 'TilesDealt', 0, 'seat 0 is dealt star5 cloud6 star6 star8 sun8 cloud9 sun9 sun11 cloud13 star1 moon1 moon2 sun2', '{"seat": 0, "round_number": 1, "tiles": ["star5", "cloud6", "star6", "star8", "sun8", "cloud9", "sun9", "sun11", "cloud13", "star1", "moon1", "moon2", "sun2"]}', NULL);
INSERT INTO public.event VALUES (5, 2, '2026-12-01 11:27:56.934567+00', 'TilesDealt', 1, 'seat 1 is dealt cloud3 star3 moon3 sun3 star4 moon5 moon9 sun10 moon11 moon12 moon13 sun1 star2', '{"seat": 1, "round_number": 1, "tiles": ["cloud3", "star3", "moon3", "sun3", "star4", "moon5", "moon9", "sun10", "moon11", "moon12", "moon13", "sun1", "star2"]}', NULL);
INSERT INTO public.event VALUES (5, 3, '2026-12-01 11:27:56.934567+00', 'TilesDealt', 2, 'seat 2 is dealt sun4 cloud5 sun5 moon6 cloud8 moon8 star9 star10 moon10 cloud11 cloud12 star12 sun13', '{"seat": 2, "round_number": 1, "tiles": ["sun4", "cloud5", "sun5", "moon6", "cloud8", "moon8", "star9", "star10", "moon10", "cloud11", "cloud12", "star12", "sun13"]}', NULL);
INSERT INTO public.event VALUES (5, 4, '2026-12-01 11:27:56.934567+00', 'TilesDealt', 3, 'seat 3 is dealt cloud4 moon4 sun6 cloud7 star7 moon7 sun7 cloud10 star11 sun12 star13 cloud1 cloud2', '{"seat": 3, "round_number": 1, "tiles": ["cloud4", "moon4", "sun6", "cloud7", "star7", "moon7", "sun7", "cloud10", "star11", "sun12", "star13", "cloud1", "cloud2"]}', NULL);
INSERT INTO public.event VALUES (5, 5, '2026-12-01 11:27:56.934899+00', 'Played', NULL, 'seat 1 plays cloud3 (single)', '{"seat": 1, "combination": "cloud3"}', NULL);
INSERT INTO public.event VALUES (5, 6, '2026-12-01 11:27:56.938543+00', 'Played', NULL, 'seat 2 plays sun4 (single)', '{"seat": 2, "combination": "sun4"}', NULL);
INSERT INTO public.event VALUES (5, 7, '2026-12-01 11:27:56.94244+00', 'Played', NULL, 'seat 3 plays star13 (single)', '{"seat": 3, "combination": "star13"}', NULL);
INSERT INTO public.event VALUES (5, 8, '2026-12-01 11:27:56.94563+00', 'Played', NULL, 'seat 0 plays moon2 (single)', '{"seat": 0, "combination": "moon2"}', NULL);
INSERT INTO public.event VALUES (5, 9, '2026-12-01 11:27:56.945704+00', 'Passed', NULL, 'seat 1 passes', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (5, 10, '2026-12-01 11:27:56.945733+00', 'Passed', NULL, 'seat 2 passes', '{"seat": 2}', NULL);
INSERT INTO public.event VALUES (5, 11, '2026-12-01 11:27:56.94576+00', 'Passed', NULL, 'seat 3 passes', '{"seat": 3}', NULL);
INSERT INTO public.event VALUES (5, 12, '2026-12-01 11:27:56.94576+00', 'TrickWon', NULL, 'seat 0 wins the trick; the table is cleared and seat 0 leads', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (5, 13, '2026-12-01 11:27:56.949757+00', 'Played', NULL, 'seat 0 plays cloud6 star6 (pair)', '{"seat": 0, "combination": "cloud6 star6"}', NULL);
INSERT INTO public.event VALUES (5, 14, '2026-12-01 11:27:56.949836+00', 'Passed', NULL, 'seat 1 passes', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (5, 15, '2026-12-01 11:27:56.952913+00', 'Played', NULL, 'seat 2 plays cloud8 moon8 (pair)', '{"seat": 2, "combination": "cloud8 moon8"}', NULL);
INSERT INTO public.event VALUES (5, 16, '2026-12-01 11:27:56.952975+00', 'Passed', NULL, 'seat 3 passes', '{"seat": 3}', NULL);
INSERT INTO public.event VALUES (5, 17, '2026-12-01 11:27:56.954293+00', 'Played', NULL, 'seat 0 plays star8 sun8 (pair)', '{"seat": 0, "combination": "star8 sun8"}', NULL);
INSERT INTO public.event VALUES (5, 18, '2026-12-01 11:27:56.954335+00', 'Passed', NULL, 'seat 1 passes', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (5, 19, '2026-12-01 11:27:56.955442+00', 'Played', NULL, 'seat 2 plays star10 moon10 (pair)', '{"seat": 2, "combination": "star10 moon10"}', NULL);
INSERT INTO public.event VALUES (5, 20, '2026-12-01 11:27:56.955479+00', 'Passed', NULL, 'seat 3 passes', '{"seat": 3}', NULL);
INSERT INTO public.event VALUES (5, 21, '2026-12-01 11:27:56.956662+00', 'Played', NULL, 'seat 0 plays star1 moon1 (pair)', '{"seat": 0, "combination": "star1 moon1"}', NULL);
INSERT INTO public.event VALUES (5, 22, '2026-12-01 11:27:56.9567+00', 'Passed', NULL, 'seat 1 passes', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (5, 23, '2026-12-01 11:27:56.956719+00', 'Passed', NULL, 'seat 2 passes', '{"seat": 2}', NULL);
INSERT INTO public.event VALUES (5, 24, '2026-12-01 11:27:56.956738+00', 'Passed', NULL, 'seat 3 passes', '{"seat": 3}', NULL);
INSERT INTO public.event VALUES (5, 25, '2026-12-01 11:27:56.956738+00', 'TrickWon', NULL, 'seat 0 wins the trick; the table is cleared and seat 0 leads', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (5, 26, '2026-12-01 11:27:56.95865+00', 'Played', NULL, 'seat 0 plays cloud9 sun9 (pair)', '{"seat": 0, "combination": "cloud9 sun9"}', NULL);
INSERT INTO public.event VALUES (5, 27, '2026-12-01 11:27:56.958687+00', 'Passed', NULL, 'seat 1 passes', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (5, 28, '2026-12-01 11:27:56.959719+00', 'Played', NULL, 'seat 2 plays cloud12 star12 (pair)', '{"seat": 2, "combination": "cloud12 star12"}', NULL);
INSERT INTO public.event VALUES (5, 29, '2026-12-01 11:27:56.959754+00', 'Passed', NULL, 'seat 3 passes', '{"seat": 3}', NULL);
INSERT INTO public.event VALUES (5, 30, '2026-12-01 11:27:56.959771+00', 'Passed', NULL, 'seat 0 passes', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (5, 31, '2026-12-01 11:27:56.959789+00', 'Passed', NULL, 'seat 1 passes', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (5, 32, '2026-12-01 11:27:56.959789+00', 'TrickWon', NULL, 'seat 2 wins the trick; the table is cleared and seat 2 leads', '{"seat": 2}', NULL);
INSERT INTO public.event VALUES (5, 33, '2026-12-01 11:27:56.961731+00', 'Played', NULL, 'seat 2 plays cloud5 sun5 (pair)', '{"seat": 2, "combination": "cloud5 sun5"}', NULL);
INSERT INTO public.event VALUES (5, 34, '2026-12-01 11:27:56.962732+00', 'Played', NULL, 'seat 3 plays star7 sun7 (pair)', '{"seat": 3, "combination": "star7 sun7"}', NULL);
INSERT INTO public.event VALUES (5, 35, '2026-12-01 11:27:56.962766+00', 'Passed', NULL, 'seat 0 passes', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (5, 36, '2026-12-01 11:27:56.962785+00', 'Passed', NULL, 'seat 1 passes', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (5, 37, '2026-12-01 11:27:56.962801+00', 'Passed', NULL, 'seat 2 passes', '{"seat": 2}', NULL);
INSERT INTO public.event VALUES (5, 38, '2026-12-01 11:27:56.962801+00', 'TrickWon', NULL, 'seat 3 wins the trick; the table is cleared and seat 3 leads', '{"seat": 3}', NULL);
INSERT INTO public.event VALUES (5, 39, '2026-12-01 11:27:56.964515+00', 'Played', NULL, 'seat 3 plays star11 (single)', '{"seat": 3, "combination": "star11"}', NULL);
INSERT INTO public.event VALUES (5, 40, '2026-12-01 11:27:56.965535+00', 'Played', NULL, 'seat 0 plays sun11 (single)', '{"seat": 0, "combination": "sun11"}', NULL);
INSERT INTO public.event VALUES (5, 41, '2026-12-01 11:27:56.965588+00', 'Played', NULL, 'seat 1 plays moon12 (single)', '{"seat": 1, "combination": "moon12"}', NULL);
INSERT INTO public.event VALUES (5, 42, '2026-12-01 11:27:56.966751+00', 'Played', NULL, 'seat 2 plays sun13 (single)', '{"seat": 2, "combination": "sun13"}', NULL);
INSERT INTO public.event VALUES (5, 43, '2026-12-01 11:27:56.96777+00', 'Played', NULL, 'seat 3 plays cloud2 (single)', '{"seat": 3, "combination": "cloud2"}', NULL);
INSERT INTO public.event VALUES (5, 44, '2026-12-01 11:27:56.968753+00', 'Played', NULL, 'seat 0 plays sun2 (single)', '{"seat": 0, "combination": "sun2"}', NULL);
INSERT INTO public.event VALUES (5, 45, '2026-12-01 11:27:56.968788+00', 'Passed', NULL, 'seat 1 passes', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (5, 47, '2026-12-01 11:27:56.96882+00', 'Passed', NULL, 'seat 3 passes', '{"seat": 3}', NULL);
INSERT INTO public.event VALUES (5, 48, '2026-12-01 11:27:56.96882+00', 'TrickWon', NULL, 'seat 0 wins the trick; the table is cleared and seat 0 leads', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (5, 49, '2026-12-01 11:27:56.970098+00', 'Played', NULL, 'seat 0 plays star5 (single)', '{"seat": 0, "combination": "star5"}', NULL);
INSERT INTO public.event VALUES (5, 50, '2026-12-01 11:27:56.970151+00', 'Played', NULL, 'seat 1 plays moon5 (single)', '{"seat": 1, "combination": "moon5"}', NULL);
INSERT INTO public.event VALUES (5, 51, '2026-12-01 11:27:56.971195+00', 'Played', NULL, 'seat 2 plays moon6 (single)', '{"seat": 2, "combination": "moon6"}', NULL);
INSERT INTO public.event VALUES (5, 52, '2026-12-01 11:27:56.97216+00', 'Played', NULL, 'seat 3 plays cloud1 (single)', '{"seat": 3, "combination": "cloud1"}', NULL);
INSERT INTO public.event VALUES (5, 53, '2026-12-01 11:27:56.972193+00', 'Passed', NULL, 'seat 0 passes', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (5, 54, '2026-12-01 11:27:56.972227+00', 'Played', NULL, 'seat 1 plays sun1 (single)', '{"seat": 1, "combination": "sun1"}', NULL);
INSERT INTO public.event VALUES (5, 55, '2026-12-01 11:27:56.972245+00', 'Passed', NULL, 'seat 2 passes', '{"seat": 2}', NULL);
INSERT INTO public.event VALUES (5, 56, '2026-12-01 11:27:56.97226+00', 'Passed', NULL, 'seat 3 passes', '{"seat": 3}', NULL);
INSERT INTO public.event VALUES (5, 57, '2026-12-01 11:27:56.972296+00', 'Passed', NULL, 'seat 0 passes', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (5, 58, '2026-12-01 11:27:56.972296+00', 'TrickWon', NULL, 'seat 1 wins the trick; the table is cleared and seat 1 leads', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (5, 59, '2026-12-01 11:27:56.972357+00', 'Played', NULL, 'seat 1 plays star3 (single)', '{"seat": 1, "combination": "star3"}', NULL);
INSERT INTO public.event VALUES (5, 60, '2026-12-01 11:27:56.974246+00', 'Played', NULL, 'seat 2 plays star9 (single)', '{"seat": 2, "combination": "star9"}', NULL);
INSERT INTO public.event VALUES (5, 61, '2026-12-01 11:27:56.975264+00', 'Played', NULL, 'seat 3 plays sun12 (single)', '{"seat": 3, "combination": "sun12"}', NULL);
INSERT INTO public.event VALUES (5, 62, '2026-12-01 11:27:56.97618+00', 'Played', NULL, 'seat 0 plays cloud13 (single)', '{"seat": 0, "combination": "cloud13"}', NULL);
INSERT INTO public.event VALUES (5, 63, '2026-12-01 11:27:56.97618+00', 'RoundEnded', NULL, 'round 1 ends, seat 0 went out: seat 0 +23 (count 0: nothing); seat 1 -41 (count 16: moon3 sun3 star4 moon9 sun10 moon11 moon13 star2); seat 2 +19 (count 1: cloud11); seat 3 -1 (count 6: cloud4 moon4 sun6 cloud7 moon7 cloud10); balances 87 23 83 63', '{"round_number": 1, "winner": 0, "hands": [[], ["moon3", "sun3", "star4", "moon9", "sun10", "moon11", "moon13", "star2"], ["cloud11"], ["cloud4", "moon4", "sun6", "cloud7", "moon7", "cloud10"]], "counts": [0, 16, 1, 6], "nets": [23, -41, 19, -1], "balances": [87, 23, 83, 63]}', NULL);
INSERT INTO public.event VALUES (5, 64, '2026-12-01 11:27:56.97618+00', 'MatchEnded', NULL, 'match over after 1 rounds: seat 0 87 (place 1), seat 1 23 (place 4), seat 2 83 (place 2), seat 3 63 (place 3)', '{"rounds_played": 1, "balances": [87, 23, 83, 63], "places": [1, 4, 2, 3]}', NULL);
INSERT INTO public.event VALUES (6, 0, '2026-12-01 11:27:59.197327+00', 'CutForDeal', NULL, 'cut for deal: seat 0 8S, seat 1 9H: seat 0 deals', '{"cuts": [[0, "8S"], [1, "9H"]], "dealer": 0}', NULL);
INSERT INTO public.event VALUES (6, 1, '2026-12-01 11:27:59.197327+00', 'GameStarted', NULL, 'game 1 begins: seat 0 deals first (cut)', '{"game": 1, "dealer": 0, "reason": "cut"}', NULL);
INSERT INTO public.event VALUES (6, 2, '2026-12-01 11:27:59.197327+00', 'HandDealt', NULL, 'game 1 hand 1: seat 0 deals 6 cards to each hand', '{"game": 1, "hand": 1, "dealer": 0, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (6, 3, '2026-12-01 11:27:59.197327+00', 'CardsDealt', 0, 'seat 0 is dealt 5S 7D 7H 9D TH QC', '{"seat": 0, "cards": ["5S", "7D", "7H", "9D", "TH", "QC"]}', NULL);
INSERT INTO public.event VALUES (6, 4, '2026-12-01 11:27:59.197327+00', 'CardsDealt', 1, 'seat 1 is dealt AD 2S 4C 5C 7S JS', '{"seat": 1, "cards": ["AD", "2S", "4C", "5C", "7S", "JS"]}', NULL);
INSERT INTO public.event VALUES (6, 5, '2026-12-01 11:27:59.249205+00', 'DiscardedCards', 0, 'seat 0 lays away 5S 7D', '{"seat": 0, "cards": ["5S", "7D"]}', NULL);
INSERT INTO public.event VALUES (6, 6, '2026-12-01 11:27:59.249205+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (6, 7, '2026-12-01 11:27:59.249205+00', 'DiscardedCards', 1, 'seat 1 lays away 4C 7S', '{"seat": 1, "cards": ["4C", "7S"]}', NULL);
INSERT INTO public.event VALUES (6, 8, '2026-12-01 11:27:59.249205+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (6, 9, '2026-12-01 11:27:59.249205+00', 'StarterTurned', NULL, 'starter: 5D', '{"card": "5D"}', NULL);
INSERT INTO public.event VALUES (6, 10, '2026-12-01 11:27:59.250286+00', 'Pegged', NULL, 'seat 1 plays 2S, count 2', '{"seat": 1, "card": "2S", "count": 2, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 0}', NULL);
INSERT INTO public.event VALUES (6, 11, '2026-12-01 11:27:59.302938+00', 'Pegged', NULL, 'seat 0 plays 7H, count 9', '{"seat": 0, "card": "7H", "count": 9, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 0}', NULL);
INSERT INTO public.event VALUES (6, 12, '2026-12-01 11:27:59.30362+00', 'Pegged', NULL, 'seat 1 plays JS, count 19', '{"seat": 1, "card": "JS", "count": 19, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 0}', NULL);
INSERT INTO public.event VALUES (6, 13, '2026-12-01 11:27:59.354407+00', 'Pegged', NULL, 'seat 0 plays 9D, count 28', '{"seat": 0, "card": "9D", "count": 28, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 0}', NULL);
INSERT INTO public.event VALUES (6, 14, '2026-12-01 11:27:59.354491+00', 'Pegged', NULL, 'seat 1 plays AD, count 29', '{"seat": 1, "card": "AD", "count": 29, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 0}', NULL);
INSERT INTO public.event VALUES (6, 15, '2026-12-01 11:27:59.354491+00', 'Go', NULL, 'seat 0: go at 29', '{"seat": 0, "count": 29}', NULL);
INSERT INTO public.event VALUES (6, 16, '2026-12-01 11:27:59.354491+00', 'LastCard', NULL, 'seat 1 pegs 1 for the go, score 1', '{"seat": 1, "score": 1, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (6, 17, '2026-12-01 11:27:59.354491+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (6, 18, '2026-12-01 11:27:59.405649+00', 'Pegged', NULL, 'seat 0 plays TH, count 10', '{"seat": 0, "card": "TH", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 0}', NULL);
INSERT INTO public.event VALUES (6, 19, '2026-12-01 11:27:59.405702+00', 'Pegged', NULL, 'seat 1 plays 5C, count 15: fifteen 2 = 2, score 3', '{"seat": 1, "card": "5C", "count": 15, "breakdown": {"fifteen": 2, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 3}', NULL);
INSERT INTO public.event VALUES (6, 20, '2026-12-01 11:27:59.40585+00', 'Pegged', NULL, 'seat 0 plays QC, count 25', '{"seat": 0, "card": "QC", "count": 25, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 0}', NULL);
INSERT INTO public.event VALUES (6, 21, '2026-12-01 11:27:59.40585+00', 'LastCard', NULL, 'seat 0 pegs 1 for last card, score 1', '{"seat": 0, "score": 1, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (6, 22, '2026-12-01 11:27:59.40585+00', 'HandShown', NULL, 'seat 1 shows AD 2S 5C JS + 5D: fifteens 4, pairs 2 = 6, score 9', '{"seat": 1, "cards": ["AD", "2S", "5C", "JS"], "starter": "5D", "breakdown": {"fifteens": 4, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 9}', NULL);
INSERT INTO public.event VALUES (6, 23, '2026-12-01 11:27:59.40585+00', 'HandShown', NULL, 'seat 0 shows 7H 9D TH QC + 5D: fifteens 4 = 4, score 5', '{"seat": 0, "cards": ["7H", "9D", "TH", "QC"], "starter": "5D", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 5}', NULL);
INSERT INTO public.event VALUES (6, 24, '2026-12-01 11:27:59.40585+00', 'CribShown', NULL, 'seat 0''s crib 4C 5S 7D 7S + 5D: pairs 4 = 4, score 9', '{"seat": 0, "cards": ["4C", "5S", "7D", "7S"], "starter": "5D", "breakdown": {"fifteens": 0, "pairs": 4, "runs": 0, "flush": 0, "nobs": 0}, "score": 9}', NULL);
INSERT INTO public.event VALUES (6, 25, '2026-12-01 11:27:59.40585+00', 'HandDealt', NULL, 'game 1 hand 2: seat 1 deals 6 cards to each hand', '{"game": 1, "hand": 2, "dealer": 1, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (6, 26, '2026-12-01 11:27:59.40585+00', 'CardsDealt', 0, 'seat 0 is dealt 2H 2S 3H 6S 9H TD', '{"seat": 0, "cards": ["2H", "2S", "3H", "6S", "9H", "TD"]}', NULL);
INSERT INTO public.event VALUES (6, 27, '2026-12-01 11:27:59.40585+00', 'CardsDealt', 1, 'seat 1 is dealt 3C 5S 6H 9C QH KH', '{"seat": 1, "cards": ["3C", "5S", "6H", "9C", "QH", "KH"]}', NULL);
INSERT INTO public.event VALUES (6, 28, '2026-12-01 11:27:59.458511+00', 'DiscardedCards', 0, 'seat 0 lays away 2H 2S', '{"seat": 0, "cards": ["2H", "2S"]}', NULL);
INSERT INTO public.event VALUES (6, 29, '2026-12-01 11:27:59.458511+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (6, 30, '2026-12-01 11:27:59.458511+00', 'DiscardedCards', 1, 'seat 1 lays away 6H 9C', '{"seat": 1, "cards": ["6H", "9C"]}', NULL);
INSERT INTO public.event VALUES (6, 31, '2026-12-01 11:27:59.458511+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (6, 32, '2026-12-01 11:27:59.458511+00', 'StarterTurned', NULL, 'starter: 2D', '{"card": "2D"}', NULL);
INSERT INTO public.event VALUES (6, 33, '2026-12-01 11:27:59.509899+00', 'Pegged', NULL, 'seat 0 plays 3H, count 3', '{"seat": 0, "card": "3H", "count": 3, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 9}', NULL);
INSERT INTO public.event VALUES (6, 34, '2026-12-01 11:27:59.510721+00', 'Pegged', NULL, 'seat 1 plays QH, count 13', '{"seat": 1, "card": "QH", "count": 13, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 9}', NULL);
INSERT INTO public.event VALUES (6, 35, '2026-12-01 11:27:59.561549+00', 'Pegged', NULL, 'seat 0 plays 6S, count 19', '{"seat": 0, "card": "6S", "count": 19, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 9}', NULL);
INSERT INTO public.event VALUES (6, 36, '2026-12-01 11:27:59.562333+00', 'Pegged', NULL, 'seat 1 plays KH, count 29', '{"seat": 1, "card": "KH", "count": 29, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 9}', NULL);
INSERT INTO public.event VALUES (6, 37, '2026-12-01 11:27:59.562333+00', 'Go', NULL, 'seat 0: go at 29', '{"seat": 0, "count": 29}', NULL);
INSERT INTO public.event VALUES (6, 38, '2026-12-01 11:27:59.562333+00', 'LastCard', NULL, 'seat 1 pegs 1 for the go, score 10', '{"seat": 1, "score": 10, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (6, 39, '2026-12-01 11:27:59.562333+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (6, 40, '2026-12-01 11:27:59.613802+00', 'Pegged', NULL, 'seat 0 plays 9H, count 9', '{"seat": 0, "card": "9H", "count": 9, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 9}', NULL);
INSERT INTO public.event VALUES (6, 41, '2026-12-01 11:27:59.614741+00', 'Pegged', NULL, 'seat 1 plays 5S, count 14', '{"seat": 1, "card": "5S", "count": 14, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 10}', NULL);
INSERT INTO public.event VALUES (6, 42, '2026-12-01 11:27:59.61479+00', 'Pegged', NULL, 'seat 0 plays TD, count 24', '{"seat": 0, "card": "TD", "count": 24, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 9}', NULL);
INSERT INTO public.event VALUES (6, 43, '2026-12-01 11:27:59.614936+00', 'Pegged', NULL, 'seat 1 plays 3C, count 27', '{"seat": 1, "card": "3C", "count": 27, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 10}', NULL);
INSERT INTO public.event VALUES (6, 44, '2026-12-01 11:27:59.614936+00', 'LastCard', NULL, 'seat 1 pegs 1 for last card, score 11', '{"seat": 1, "score": 11, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (6, 45, '2026-12-01 11:27:59.614936+00', 'HandShown', NULL, 'seat 0 shows 3H 6S 9H TD + 2D: fifteens 4 = 4, score 13', '{"seat": 0, "cards": ["3H", "6S", "9H", "TD"], "starter": "2D", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 13}', NULL);
INSERT INTO public.event VALUES (6, 46, '2026-12-01 11:27:59.614936+00', 'HandShown', NULL, 'seat 1 shows 3C 5S QH KH + 2D: fifteens 8 = 8, score 19', '{"seat": 1, "cards": ["3C", "5S", "QH", "KH"], "starter": "2D", "breakdown": {"fifteens": 8, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 19}', NULL);
INSERT INTO public.event VALUES (6, 47, '2026-12-01 11:27:59.614936+00', 'CribShown', NULL, 'seat 1''s crib 2H 2S 6H 9C + 2D: fifteens 4, pairs 6 = 10, score 29', '{"seat": 1, "cards": ["2H", "2S", "6H", "9C"], "starter": "2D", "breakdown": {"fifteens": 4, "pairs": 6, "runs": 0, "flush": 0, "nobs": 0}, "score": 29}', NULL);
INSERT INTO public.event VALUES (6, 48, '2026-12-01 11:27:59.614936+00', 'HandDealt', NULL, 'game 1 hand 3: seat 0 deals 6 cards to each hand', '{"game": 1, "hand": 3, "dealer": 0, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (6, 49, '2026-12-01 11:27:59.614936+00', 'CardsDealt', 0, 'seat 0 is dealt 2C 3H 5C 8C 8H KC', '{"seat": 0, "cards": ["2C", "3H", "5C", "8C", "8H", "KC"]}', NULL);
INSERT INTO public.event VALUES (6, 50, '2026-12-01 11:27:59.614936+00', 'CardsDealt', 1, 'seat 1 is dealt 4H 6D 7S 8D QC QH', '{"seat": 1, "cards": ["4H", "6D", "7S", "8D", "QC", "QH"]}', NULL);
INSERT INTO public.event VALUES (6, 51, '2026-12-01 11:27:59.667552+00', 'DiscardedCards', 0, 'seat 0 lays away 2C 3H', '{"seat": 0, "cards": ["2C", "3H"]}', NULL);
INSERT INTO public.event VALUES (6, 52, '2026-12-01 11:27:59.667552+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (6, 53, '2026-12-01 11:27:59.667552+00', 'DiscardedCards', 1, 'seat 1 lays away 4H 6D', '{"seat": 1, "cards": ["4H", "6D"]}', NULL);
INSERT INTO public.event VALUES (6, 54, '2026-12-01 11:27:59.667552+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (6, 55, '2026-12-01 11:27:59.667552+00', 'StarterTurned', NULL, 'starter: 7D', '{"card": "7D"}', NULL);
INSERT INTO public.event VALUES (6, 56, '2026-12-01 11:27:59.668823+00', 'Pegged', NULL, 'seat 1 plays 8D, count 8', '{"seat": 1, "card": "8D", "count": 8, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 29}', NULL);
INSERT INTO public.event VALUES (6, 57, '2026-12-01 11:27:59.719696+00', 'Pegged', NULL, 'seat 0 plays 5C, count 13', '{"seat": 0, "card": "5C", "count": 13, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 13}', NULL);
INSERT INTO public.event VALUES (6, 58, '2026-12-01 11:27:59.720382+00', 'Pegged', NULL, 'seat 1 plays QC, count 23', '{"seat": 1, "card": "QC", "count": 23, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 29}', NULL);
INSERT INTO public.event VALUES (6, 59, '2026-12-01 11:27:59.771298+00', 'Pegged', NULL, 'seat 0 plays 8C, count 31: thirty-one 2 = 2, score 15', '{"seat": 0, "card": "8C", "count": 31, "breakdown": {"fifteen": 0, "thirty_one": 2, "pairs": 0, "run": 0}, "score": 15}', NULL);
INSERT INTO public.event VALUES (6, 60, '2026-12-01 11:27:59.771298+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (6, 61, '2026-12-01 11:27:59.772186+00', 'Pegged', NULL, 'seat 1 plays 7S, count 7', '{"seat": 1, "card": "7S", "count": 7, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 29}', NULL);
INSERT INTO public.event VALUES (6, 62, '2026-12-01 11:27:59.823049+00', 'Pegged', NULL, 'seat 0 plays 8H, count 15: fifteen 2 = 2, score 17', '{"seat": 0, "card": "8H", "count": 15, "breakdown": {"fifteen": 2, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 17}', NULL);
INSERT INTO public.event VALUES (6, 63, '2026-12-01 11:27:59.824626+00', 'Pegged', NULL, 'seat 1 plays QH, count 25', '{"seat": 1, "card": "QH", "count": 25, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 29}', NULL);
INSERT INTO public.event VALUES (6, 64, '2026-12-01 11:27:59.824626+00', 'Go', NULL, 'seat 0: go at 25', '{"seat": 0, "count": 25}', NULL);
INSERT INTO public.event VALUES (6, 65, '2026-12-01 11:27:59.824626+00', 'LastCard', NULL, 'seat 1 pegs 1 for the go, score 30', '{"seat": 1, "score": 30, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (6, 66, '2026-12-01 11:27:59.824626+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (6, 67, '2026-12-01 11:27:59.824792+00', 'Pegged', NULL, 'seat 0 plays KC, count 10', '{"seat": 0, "card": "KC", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 17}', NULL);
INSERT INTO public.event VALUES (6, 68, '2026-12-01 11:27:59.824792+00', 'LastCard', NULL, 'seat 0 pegs 1 for last card, score 18', '{"seat": 0, "score": 18, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (6, 69, '2026-12-01 11:27:59.824792+00', 'HandShown', NULL, 'seat 1 shows 7S 8D QC QH + 7D: fifteens 4, pairs 4 = 8, score 38', '{"seat": 1, "cards": ["7S", "8D", "QC", "QH"], "starter": "7D", "breakdown": {"fifteens": 4, "pairs": 4, "runs": 0, "flush": 0, "nobs": 0}, "score": 38}', NULL);
INSERT INTO public.event VALUES (6, 70, '2026-12-01 11:27:59.824792+00', 'HandShown', NULL, 'seat 0 shows 5C 8C 8H KC + 7D: fifteens 6, pairs 2 = 8, score 26', '{"seat": 0, "cards": ["5C", "8C", "8H", "KC"], "starter": "7D", "breakdown": {"fifteens": 6, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 26}', NULL);
INSERT INTO public.event VALUES (6, 71, '2026-12-01 11:27:59.824792+00', 'CribShown', NULL, 'seat 0''s crib 2C 3H 4H 6D + 7D: fifteens 4, runs 3 = 7, score 33', '{"seat": 0, "cards": ["2C", "3H", "4H", "6D"], "starter": "7D", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 3, "flush": 0, "nobs": 0}, "score": 33}', NULL);
INSERT INTO public.event VALUES (6, 72, '2026-12-01 11:27:59.824792+00', 'HandDealt', NULL, 'game 1 hand 4: seat 1 deals 6 cards to each hand', '{"game": 1, "hand": 4, "dealer": 1, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (6, 73, '2026-12-01 11:27:59.824792+00', 'CardsDealt', 0, 'seat 0 is dealt AH 9D 9H JD QS KC', '{"seat": 0, "cards": ["AH", "9D", "9H", "JD", "QS", "KC"]}', NULL);
INSERT INTO public.event VALUES (6, 74, '2026-12-01 11:27:59.824792+00', 'CardsDealt', 1, 'seat 1 is dealt 3C 4H 5H 8C 8S TD', '{"seat": 1, "cards": ["3C", "4H", "5H", "8C", "8S", "TD"]}', NULL);
INSERT INTO public.event VALUES (6, 75, '2026-12-01 11:27:59.877712+00', 'DiscardedCards', 0, 'seat 0 lays away AH 9D', '{"seat": 0, "cards": ["AH", "9D"]}', NULL);
INSERT INTO public.event VALUES (6, 76, '2026-12-01 11:27:59.877712+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (6, 77, '2026-12-01 11:27:59.877712+00', 'DiscardedCards', 1, 'seat 1 lays away 4H 8S', '{"seat": 1, "cards": ["4H", "8S"]}', NULL);
INSERT INTO public.event VALUES (6, 78, '2026-12-01 11:27:59.877712+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (6, 79, '2026-12-01 11:27:59.877712+00', 'StarterTurned', NULL, 'starter: 4S', '{"card": "4S"}', NULL);
INSERT INTO public.event VALUES (6, 80, '2026-12-01 11:27:59.929069+00', 'Pegged', NULL, 'seat 0 plays 9H, count 9', '{"seat": 0, "card": "9H", "count": 9, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 33}', NULL);
INSERT INTO public.event VALUES (6, 81, '2026-12-01 11:27:59.929823+00', 'Pegged', NULL, 'seat 1 plays 8C, count 17', '{"seat": 1, "card": "8C", "count": 17, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 38}', NULL);
INSERT INTO public.event VALUES (6, 82, '2026-12-01 11:27:59.980543+00', 'Pegged', NULL, 'seat 0 plays JD, count 27', '{"seat": 0, "card": "JD", "count": 27, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 33}', NULL);
INSERT INTO public.event VALUES (6, 83, '2026-12-01 11:27:59.980632+00', 'Pegged', NULL, 'seat 1 plays 3C, count 30', '{"seat": 1, "card": "3C", "count": 30, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 38}', NULL);
INSERT INTO public.event VALUES (6, 84, '2026-12-01 11:27:59.980632+00', 'Go', NULL, 'seat 0: go at 30', '{"seat": 0, "count": 30}', NULL);
INSERT INTO public.event VALUES (6, 85, '2026-12-01 11:27:59.980632+00', 'LastCard', NULL, 'seat 1 pegs 1 for the go, score 39', '{"seat": 1, "score": 39, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (6, 86, '2026-12-01 11:27:59.980632+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (6, 87, '2026-12-01 11:28:00.032012+00', 'Pegged', NULL, 'seat 0 plays QS, count 10', '{"seat": 0, "card": "QS", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 33}', NULL);
INSERT INTO public.event VALUES (6, 88, '2026-12-01 11:28:00.032977+00', 'Pegged', NULL, 'seat 1 plays TD, count 20', '{"seat": 1, "card": "TD", "count": 20, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 39}', NULL);
INSERT INTO public.event VALUES (6, 89, '2026-12-01 11:28:00.033044+00', 'Pegged', NULL, 'seat 0 plays KC, count 30', '{"seat": 0, "card": "KC", "count": 30, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 33}', NULL);
INSERT INTO public.event VALUES (6, 90, '2026-12-01 11:28:00.033044+00', 'Go', NULL, 'seat 1: go at 30', '{"seat": 1, "count": 30}', NULL);
INSERT INTO public.event VALUES (6, 91, '2026-12-01 11:28:00.033044+00', 'LastCard', NULL, 'seat 0 pegs 1 for the go, score 34', '{"seat": 0, "score": 34, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (6, 92, '2026-12-01 11:28:00.033044+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (6, 93, '2026-12-01 11:28:00.033197+00', 'Pegged', NULL, 'seat 1 plays 5H, count 5', '{"seat": 1, "card": "5H", "count": 5, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 39}', NULL);
INSERT INTO public.event VALUES (6, 94, '2026-12-01 11:28:00.033197+00', 'LastCard', NULL, 'seat 1 pegs 1 for last card, score 40', '{"seat": 1, "score": 40, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (6, 95, '2026-12-01 11:28:00.033197+00', 'HandShown', NULL, 'seat 0 shows 9H JD QS KC + 4S: runs 3 = 3, score 37', '{"seat": 0, "cards": ["9H", "JD", "QS", "KC"], "starter": "4S", "breakdown": {"fifteens": 0, "pairs": 0, "runs": 3, "flush": 0, "nobs": 0}, "score": 37}', NULL);
INSERT INTO public.event VALUES (6, 96, '2026-12-01 11:28:00.033197+00', 'HandShown', NULL, 'seat 1 shows 3C 5H 8C TD + 4S: fifteens 4, runs 3 = 7, score 47', '{"seat": 1, "cards": ["3C", "5H", "8C", "TD"], "starter": "4S", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 3, "flush": 0, "nobs": 0}, "score": 47}', NULL);
INSERT INTO public.event VALUES (6, 97, '2026-12-01 11:28:00.033197+00', 'CribShown', NULL, 'seat 1''s crib AH 4H 8S 9D + 4S: pairs 2 = 2, score 49', '{"seat": 1, "cards": ["AH", "4H", "8S", "9D"], "starter": "4S", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 49}', NULL);
INSERT INTO public.event VALUES (6, 98, '2026-12-01 11:28:00.033197+00', 'HandDealt', NULL, 'game 1 hand 5: seat 0 deals 6 cards to each hand', '{"game": 1, "hand": 5, "dealer": 0, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (6, 99, '2026-12-01 11:28:00.033197+00', 'CardsDealt', 0, 'seat 0 is dealt 7D 9D TC JH QH KD', '{"seat": 0, "cards": ["7D", "9D", "TC", "JH", "QH", "KD"]}', NULL);
INSERT INTO public.event VALUES (6, 100, '2026-12-01 11:28:00.033197+00', 'CardsDealt', 1, 'seat 1 is dealt AD 2H 3S 6C 8H KS', '{"seat": 1, "cards": ["AD", "2H", "3S", "6C", "8H", "KS"]}', NULL);
INSERT INTO public.event VALUES (6, 101, '2026-12-01 11:28:00.086526+00', 'DiscardedCards', 0, 'seat 0 lays away 7D 9D', '{"seat": 0, "cards": ["7D", "9D"]}', NULL);
INSERT INTO public.event VALUES (6, 102, '2026-12-01 11:28:00.086526+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (6, 103, '2026-12-01 11:28:00.086526+00', 'DiscardedCards', 1, 'seat 1 lays away 6C 8H', '{"seat": 1, "cards": ["6C", "8H"]}', NULL);
INSERT INTO public.event VALUES (6, 104, '2026-12-01 11:28:00.086526+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (6, 105, '2026-12-01 11:28:00.086526+00', 'StarterTurned', NULL, 'starter: AC', '{"card": "AC"}', NULL);
INSERT INTO public.event VALUES (6, 106, '2026-12-01 11:28:00.088032+00', 'Pegged', NULL, 'seat 1 plays 2H, count 2', '{"seat": 1, "card": "2H", "count": 2, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 49}', NULL);
INSERT INTO public.event VALUES (6, 107, '2026-12-01 11:28:00.13917+00', 'Pegged', NULL, 'seat 0 plays TC, count 12', '{"seat": 0, "card": "TC", "count": 12, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 37}', NULL);
INSERT INTO public.event VALUES (6, 108, '2026-12-01 11:28:00.140181+00', 'Pegged', NULL, 'seat 1 plays AD, count 13', '{"seat": 1, "card": "AD", "count": 13, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 49}', NULL);
INSERT INTO public.event VALUES (6, 109, '2026-12-01 11:28:00.191639+00', 'Pegged', NULL, 'seat 0 plays JH, count 23', '{"seat": 0, "card": "JH", "count": 23, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 37}', NULL);
INSERT INTO public.event VALUES (6, 110, '2026-12-01 11:28:00.191764+00', 'Pegged', NULL, 'seat 1 plays 3S, count 26', '{"seat": 1, "card": "3S", "count": 26, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 49}', NULL);
INSERT INTO public.event VALUES (6, 111, '2026-12-01 11:28:00.191764+00', 'Go', NULL, 'seat 0: go at 26', '{"seat": 0, "count": 26}', NULL);
INSERT INTO public.event VALUES (6, 112, '2026-12-01 11:28:00.191764+00', 'LastCard', NULL, 'seat 1 pegs 1 for the go, score 50', '{"seat": 1, "score": 50, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (6, 113, '2026-12-01 11:28:00.191764+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (6, 114, '2026-12-01 11:28:00.243914+00', 'Pegged', NULL, 'seat 0 plays QH, count 10', '{"seat": 0, "card": "QH", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 37}', NULL);
INSERT INTO public.event VALUES (6, 115, '2026-12-01 11:28:00.244018+00', 'Pegged', NULL, 'seat 1 plays KS, count 20', '{"seat": 1, "card": "KS", "count": 20, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 50}', NULL);
INSERT INTO public.event VALUES (6, 116, '2026-12-01 11:28:00.244156+00', 'Pegged', NULL, 'seat 0 plays KD, count 30: pair 2 = 2, score 39', '{"seat": 0, "card": "KD", "count": 30, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 2, "run": 0}, "score": 39}', NULL);
INSERT INTO public.event VALUES (6, 117, '2026-12-01 11:28:00.244156+00', 'LastCard', NULL, 'seat 0 pegs 1 for last card, score 40', '{"seat": 0, "score": 40, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (6, 118, '2026-12-01 11:28:00.244156+00', 'HandShown', NULL, 'seat 1 shows AD 2H 3S KS + AC: fifteens 4, pairs 2, runs 6 = 12, score 62', '{"seat": 1, "cards": ["AD", "2H", "3S", "KS"], "starter": "AC", "breakdown": {"fifteens": 4, "pairs": 2, "runs": 6, "flush": 0, "nobs": 0}, "score": 62}', NULL);
INSERT INTO public.event VALUES (6, 119, '2026-12-01 11:28:00.244156+00', 'HandShown', NULL, 'seat 0 shows TC JH QH KD + AC: runs 4 = 4, score 44', '{"seat": 0, "cards": ["TC", "JH", "QH", "KD"], "starter": "AC", "breakdown": {"fifteens": 0, "pairs": 0, "runs": 4, "flush": 0, "nobs": 0}, "score": 44}', NULL);
INSERT INTO public.event VALUES (6, 120, '2026-12-01 11:28:00.244156+00', 'CribShown', NULL, 'seat 0''s crib 6C 7D 8H 9D + AC: fifteens 6, runs 4 = 10, score 54', '{"seat": 0, "cards": ["6C", "7D", "8H", "9D"], "starter": "AC", "breakdown": {"fifteens": 6, "pairs": 0, "runs": 4, "flush": 0, "nobs": 0}, "score": 54}', NULL);
INSERT INTO public.event VALUES (6, 121, '2026-12-01 11:28:00.244156+00', 'HandDealt', NULL, 'game 1 hand 6: seat 1 deals 6 cards to each hand', '{"game": 1, "hand": 6, "dealer": 1, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (6, 122, '2026-12-01 11:28:00.244156+00', 'CardsDealt', 0, 'seat 0 is dealt AS 4D 4S 8C 9S TC', '{"seat": 0, "cards": ["AS", "4D", "4S", "8C", "9S", "TC"]}', NULL);
INSERT INTO public.event VALUES (6, 123, '2026-12-01 11:28:00.244156+00', 'CardsDealt', 1, 'seat 1 is dealt 2C 5C 6D 9H JS KC', '{"seat": 1, "cards": ["2C", "5C", "6D", "9H", "JS", "KC"]}', NULL);
INSERT INTO public.event VALUES (6, 124, '2026-12-01 11:28:00.297292+00', 'DiscardedCards', 0, 'seat 0 lays away AS 4D', '{"seat": 0, "cards": ["AS", "4D"]}', NULL);
INSERT INTO public.event VALUES (6, 125, '2026-12-01 11:28:00.297292+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (6, 126, '2026-12-01 11:28:00.297292+00', 'DiscardedCards', 1, 'seat 1 lays away 6D 9H', '{"seat": 1, "cards": ["6D", "9H"]}', NULL);
INSERT INTO public.event VALUES (6, 127, '2026-12-01 11:28:00.297292+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (6, 128, '2026-12-01 11:28:00.297292+00', 'StarterTurned', NULL, 'starter: 7S', '{"card": "7S"}', NULL);
INSERT INTO public.event VALUES (6, 129, '2026-12-01 11:28:00.349231+00', 'Pegged', NULL, 'seat 0 plays 4S, count 4', '{"seat": 0, "card": "4S", "count": 4, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 54}', NULL);
INSERT INTO public.event VALUES (6, 130, '2026-12-01 11:28:00.35023+00', 'Pegged', NULL, 'seat 1 plays KC, count 14', '{"seat": 1, "card": "KC", "count": 14, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 62}', NULL);
INSERT INTO public.event VALUES (6, 226, '2026-12-01 11:28:01.242311+00', 'LastCard', NULL, 'seat 0 pegs 1 for the go, score 91', '{"seat": 0, "score": 91, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (6, 131, '2026-12-01 11:28:00.401061+00', 'Pegged', NULL, 'seat 0 plays 8C, count 22', '{"seat": 0, "card": "8C", "count": 22, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 54}', NULL);
INSERT INTO public.event VALUES (6, 132, '2026-12-01 11:28:00.401799+00', 'Pegged', NULL, 'seat 1 plays 5C, count 27', '{"seat": 1, "card": "5C", "count": 27, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 62}', NULL);
INSERT INTO public.event VALUES (6, 133, '2026-12-01 11:28:00.401799+00', 'Go', NULL, 'seat 0: go at 27', '{"seat": 0, "count": 27}', NULL);
INSERT INTO public.event VALUES (6, 134, '2026-12-01 11:28:00.401868+00', 'Pegged', NULL, 'seat 1 plays 2C, count 29', '{"seat": 1, "card": "2C", "count": 29, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 62}', NULL);
INSERT INTO public.event VALUES (6, 135, '2026-12-01 11:28:00.401868+00', 'LastCard', NULL, 'seat 1 pegs 1 for the go, score 63', '{"seat": 1, "score": 63, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (6, 136, '2026-12-01 11:28:00.401868+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (6, 137, '2026-12-01 11:28:00.453218+00', 'Pegged', NULL, 'seat 0 plays 9S, count 9', '{"seat": 0, "card": "9S", "count": 9, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 54}', NULL);
INSERT INTO public.event VALUES (6, 138, '2026-12-01 11:28:00.453266+00', 'Pegged', NULL, 'seat 1 plays JS, count 19', '{"seat": 1, "card": "JS", "count": 19, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 63}', NULL);
INSERT INTO public.event VALUES (6, 139, '2026-12-01 11:28:00.453388+00', 'Pegged', NULL, 'seat 0 plays TC, count 29: run of 3 = 3, score 57', '{"seat": 0, "card": "TC", "count": 29, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 3}, "score": 57}', NULL);
INSERT INTO public.event VALUES (6, 140, '2026-12-01 11:28:00.453388+00', 'LastCard', NULL, 'seat 0 pegs 1 for last card, score 58', '{"seat": 0, "score": 58, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (6, 141, '2026-12-01 11:28:00.453388+00', 'HandShown', NULL, 'seat 0 shows 4S 8C 9S TC + 7S: fifteens 2, runs 4 = 6, score 64', '{"seat": 0, "cards": ["4S", "8C", "9S", "TC"], "starter": "7S", "breakdown": {"fifteens": 2, "pairs": 0, "runs": 4, "flush": 0, "nobs": 0}, "score": 64}', NULL);
INSERT INTO public.event VALUES (6, 142, '2026-12-01 11:28:00.453388+00', 'HandShown', NULL, 'seat 1 shows 2C 5C JS KC + 7S: fifteens 4, nobs 1 = 5, score 68', '{"seat": 1, "cards": ["2C", "5C", "JS", "KC"], "starter": "7S", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 0, "flush": 0, "nobs": 1}, "score": 68}', NULL);
INSERT INTO public.event VALUES (6, 143, '2026-12-01 11:28:00.453388+00', 'CribShown', NULL, 'seat 1''s crib AS 4D 6D 9H + 7S: fifteens 2 = 2, score 70', '{"seat": 1, "cards": ["AS", "4D", "6D", "9H"], "starter": "7S", "breakdown": {"fifteens": 2, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 70}', NULL);
INSERT INTO public.event VALUES (6, 144, '2026-12-01 11:28:00.453388+00', 'HandDealt', NULL, 'game 1 hand 7: seat 0 deals 6 cards to each hand', '{"game": 1, "hand": 7, "dealer": 0, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (6, 145, '2026-12-01 11:28:00.453388+00', 'CardsDealt', 0, 'seat 0 is dealt 3S 5D 6D 7C 7S KH', '{"seat": 0, "cards": ["3S", "5D", "6D", "7C", "7S", "KH"]}', NULL);
INSERT INTO public.event VALUES (6, 146, '2026-12-01 11:28:00.453388+00', 'CardsDealt', 1, 'seat 1 is dealt 3C 6H 7H 8D 8S QD', '{"seat": 1, "cards": ["3C", "6H", "7H", "8D", "8S", "QD"]}', NULL);
INSERT INTO public.event VALUES (6, 147, '2026-12-01 11:28:00.505944+00', 'DiscardedCards', 0, 'seat 0 lays away 3S 5D', '{"seat": 0, "cards": ["3S", "5D"]}', NULL);
INSERT INTO public.event VALUES (6, 148, '2026-12-01 11:28:00.505944+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (6, 149, '2026-12-01 11:28:00.505944+00', 'DiscardedCards', 1, 'seat 1 lays away 6H QD', '{"seat": 1, "cards": ["6H", "QD"]}', NULL);
INSERT INTO public.event VALUES (6, 150, '2026-12-01 11:28:00.505944+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (6, 151, '2026-12-01 11:28:00.505944+00', 'StarterTurned', NULL, 'starter: 3D', '{"card": "3D"}', NULL);
INSERT INTO public.event VALUES (6, 152, '2026-12-01 11:28:00.507123+00', 'Pegged', NULL, 'seat 1 plays 7H, count 7', '{"seat": 1, "card": "7H", "count": 7, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 70}', NULL);
INSERT INTO public.event VALUES (6, 153, '2026-12-01 11:28:00.557867+00', 'Pegged', NULL, 'seat 0 plays 6D, count 13', '{"seat": 0, "card": "6D", "count": 13, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 64}', NULL);
INSERT INTO public.event VALUES (6, 154, '2026-12-01 11:28:00.558521+00', 'Pegged', NULL, 'seat 1 plays 8S, count 21: run of 3 = 3, score 73', '{"seat": 1, "card": "8S", "count": 21, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 3}, "score": 73}', NULL);
INSERT INTO public.event VALUES (6, 155, '2026-12-01 11:28:00.609307+00', 'Pegged', NULL, 'seat 0 plays 7C, count 28: run of 3 = 3, score 67', '{"seat": 0, "card": "7C", "count": 28, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 3}, "score": 67}', NULL);
INSERT INTO public.event VALUES (6, 156, '2026-12-01 11:28:00.609366+00', 'Pegged', NULL, 'seat 1 plays 3C, count 31: thirty-one 2 = 2, score 75', '{"seat": 1, "card": "3C", "count": 31, "breakdown": {"fifteen": 0, "thirty_one": 2, "pairs": 0, "run": 0}, "score": 75}', NULL);
INSERT INTO public.event VALUES (6, 157, '2026-12-01 11:28:00.609366+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (6, 158, '2026-12-01 11:28:00.660364+00', 'Pegged', NULL, 'seat 0 plays 7S, count 7', '{"seat": 0, "card": "7S", "count": 7, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 67}', NULL);
INSERT INTO public.event VALUES (6, 159, '2026-12-01 11:28:00.660413+00', 'Pegged', NULL, 'seat 1 plays 8D, count 15: fifteen 2 = 2, score 77', '{"seat": 1, "card": "8D", "count": 15, "breakdown": {"fifteen": 2, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 77}', NULL);
INSERT INTO public.event VALUES (6, 160, '2026-12-01 11:28:00.660535+00', 'Pegged', NULL, 'seat 0 plays KH, count 25', '{"seat": 0, "card": "KH", "count": 25, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 67}', NULL);
INSERT INTO public.event VALUES (6, 161, '2026-12-01 11:28:00.660535+00', 'LastCard', NULL, 'seat 0 pegs 1 for last card, score 68', '{"seat": 0, "score": 68, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (6, 162, '2026-12-01 11:28:00.660535+00', 'HandShown', NULL, 'seat 1 shows 3C 7H 8D 8S + 3D: fifteens 4, pairs 4 = 8, score 85', '{"seat": 1, "cards": ["3C", "7H", "8D", "8S"], "starter": "3D", "breakdown": {"fifteens": 4, "pairs": 4, "runs": 0, "flush": 0, "nobs": 0}, "score": 85}', NULL);
INSERT INTO public.event VALUES (6, 163, '2026-12-01 11:28:00.660535+00', 'HandShown', NULL, 'seat 0 shows 6D 7C 7S KH + 3D: pairs 2 = 2, score 70', '{"seat": 0, "cards": ["6D", "7C", "7S", "KH"], "starter": "3D", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 70}', NULL);
INSERT INTO public.event VALUES (6, 164, '2026-12-01 11:28:00.660535+00', 'CribShown', NULL, 'seat 0''s crib 3S 5D 6H QD + 3D: fifteens 2, pairs 2 = 4, score 74', '{"seat": 0, "cards": ["3S", "5D", "6H", "QD"], "starter": "3D", "breakdown": {"fifteens": 2, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 74}', NULL);
INSERT INTO public.event VALUES (6, 165, '2026-12-01 11:28:00.660535+00', 'HandDealt', NULL, 'game 1 hand 8: seat 1 deals 6 cards to each hand', '{"game": 1, "hand": 8, "dealer": 1, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (6, 166, '2026-12-01 11:28:00.660535+00', 'CardsDealt', 0, 'seat 0 is dealt AD 3C 4D 5S 8S QC', '{"seat": 0, "cards": ["AD", "3C", "4D", "5S", "8S", "QC"]}', NULL);
INSERT INTO public.event VALUES (6, 167, '2026-12-01 11:28:00.660535+00', 'CardsDealt', 1, 'seat 1 is dealt AH 2C 5D 9D TC TS', '{"seat": 1, "cards": ["AH", "2C", "5D", "9D", "TC", "TS"]}', NULL);
INSERT INTO public.event VALUES (6, 168, '2026-12-01 11:28:00.713204+00', 'DiscardedCards', 0, 'seat 0 lays away AD 3C', '{"seat": 0, "cards": ["AD", "3C"]}', NULL);
INSERT INTO public.event VALUES (6, 169, '2026-12-01 11:28:00.713204+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (6, 170, '2026-12-01 11:28:00.713204+00', 'DiscardedCards', 1, 'seat 1 lays away 9D TS', '{"seat": 1, "cards": ["9D", "TS"]}', NULL);
INSERT INTO public.event VALUES (6, 171, '2026-12-01 11:28:00.713204+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (6, 172, '2026-12-01 11:28:00.713204+00', 'StarterTurned', NULL, 'starter: 2D', '{"card": "2D"}', NULL);
INSERT INTO public.event VALUES (6, 173, '2026-12-01 11:28:00.765274+00', 'Pegged', NULL, 'seat 0 plays 4D, count 4', '{"seat": 0, "card": "4D", "count": 4, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 74}', NULL);
INSERT INTO public.event VALUES (6, 174, '2026-12-01 11:28:00.766764+00', 'Pegged', NULL, 'seat 1 plays TC, count 14', '{"seat": 1, "card": "TC", "count": 14, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 85}', NULL);
INSERT INTO public.event VALUES (6, 175, '2026-12-01 11:28:00.819388+00', 'Pegged', NULL, 'seat 0 plays 5S, count 19', '{"seat": 0, "card": "5S", "count": 19, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 74}', NULL);
INSERT INTO public.event VALUES (6, 176, '2026-12-01 11:28:00.8205+00', 'Pegged', NULL, 'seat 1 plays 2C, count 21', '{"seat": 1, "card": "2C", "count": 21, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 85}', NULL);
INSERT INTO public.event VALUES (6, 177, '2026-12-01 11:28:00.87195+00', 'Pegged', NULL, 'seat 0 plays 8S, count 29', '{"seat": 0, "card": "8S", "count": 29, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 74}', NULL);
INSERT INTO public.event VALUES (6, 178, '2026-12-01 11:28:00.872075+00', 'Pegged', NULL, 'seat 1 plays AH, count 30', '{"seat": 1, "card": "AH", "count": 30, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 85}', NULL);
INSERT INTO public.event VALUES (6, 179, '2026-12-01 11:28:00.872075+00', 'Go', NULL, 'seat 0: go at 30', '{"seat": 0, "count": 30}', NULL);
INSERT INTO public.event VALUES (6, 180, '2026-12-01 11:28:00.872075+00', 'LastCard', NULL, 'seat 1 pegs 1 for the go, score 86', '{"seat": 1, "score": 86, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (6, 181, '2026-12-01 11:28:00.872075+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (6, 182, '2026-12-01 11:28:00.872127+00', 'Pegged', NULL, 'seat 0 plays QC, count 10', '{"seat": 0, "card": "QC", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 74}', NULL);
INSERT INTO public.event VALUES (6, 183, '2026-12-01 11:28:00.872252+00', 'Pegged', NULL, 'seat 1 plays 5D, count 15: fifteen 2 = 2, score 88', '{"seat": 1, "card": "5D", "count": 15, "breakdown": {"fifteen": 2, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 88}', NULL);
INSERT INTO public.event VALUES (6, 184, '2026-12-01 11:28:00.872252+00', 'LastCard', NULL, 'seat 1 pegs 1 for last card, score 89', '{"seat": 1, "score": 89, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (6, 185, '2026-12-01 11:28:00.872252+00', 'HandShown', NULL, 'seat 0 shows 4D 5S 8S QC + 2D: fifteens 4 = 4, score 78', '{"seat": 0, "cards": ["4D", "5S", "8S", "QC"], "starter": "2D", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 78}', NULL);
INSERT INTO public.event VALUES (6, 186, '2026-12-01 11:28:00.872252+00', 'HandShown', NULL, 'seat 1 shows AH 2C 5D TC + 2D: fifteens 4, pairs 2 = 6, score 95', '{"seat": 1, "cards": ["AH", "2C", "5D", "TC"], "starter": "2D", "breakdown": {"fifteens": 4, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 95}', NULL);
INSERT INTO public.event VALUES (6, 187, '2026-12-01 11:28:00.872252+00', 'CribShown', NULL, 'seat 1''s crib AD 3C 9D TS + 2D: fifteens 4, runs 3 = 7, score 102', '{"seat": 1, "cards": ["AD", "3C", "9D", "TS"], "starter": "2D", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 3, "flush": 0, "nobs": 0}, "score": 102}', NULL);
INSERT INTO public.event VALUES (6, 188, '2026-12-01 11:28:00.872252+00', 'HandDealt', NULL, 'game 1 hand 9: seat 0 deals 6 cards to each hand', '{"game": 1, "hand": 9, "dealer": 0, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (6, 189, '2026-12-01 11:28:00.872252+00', 'CardsDealt', 0, 'seat 0 is dealt AD 3C 4C 7H 8C KC', '{"seat": 0, "cards": ["AD", "3C", "4C", "7H", "8C", "KC"]}', NULL);
INSERT INTO public.event VALUES (6, 190, '2026-12-01 11:28:00.872252+00', 'CardsDealt', 1, 'seat 1 is dealt 4S 6H 8S 9S JS QS', '{"seat": 1, "cards": ["4S", "6H", "8S", "9S", "JS", "QS"]}', NULL);
INSERT INTO public.event VALUES (6, 191, '2026-12-01 11:28:00.926107+00', 'DiscardedCards', 0, 'seat 0 lays away AD 3C', '{"seat": 0, "cards": ["AD", "3C"]}', NULL);
INSERT INTO public.event VALUES (6, 192, '2026-12-01 11:28:00.926107+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (6, 193, '2026-12-01 11:28:00.926107+00', 'DiscardedCards', 1, 'seat 1 lays away 4S 9S', '{"seat": 1, "cards": ["4S", "9S"]}', NULL);
INSERT INTO public.event VALUES (6, 194, '2026-12-01 11:28:00.926107+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (6, 195, '2026-12-01 11:28:00.926107+00', 'StarterTurned', NULL, 'starter: 3D', '{"card": "3D"}', NULL);
INSERT INTO public.event VALUES (6, 196, '2026-12-01 11:28:00.927514+00', 'Pegged', NULL, 'seat 1 plays JS, count 10', '{"seat": 1, "card": "JS", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 102}', NULL);
INSERT INTO public.event VALUES (6, 197, '2026-12-01 11:28:00.978886+00', 'Pegged', NULL, 'seat 0 plays 4C, count 14', '{"seat": 0, "card": "4C", "count": 14, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 78}', NULL);
INSERT INTO public.event VALUES (6, 198, '2026-12-01 11:28:00.979934+00', 'Pegged', NULL, 'seat 1 plays 6H, count 20', '{"seat": 1, "card": "6H", "count": 20, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 102}', NULL);
INSERT INTO public.event VALUES (6, 199, '2026-12-01 11:28:01.031108+00', 'Pegged', NULL, 'seat 0 plays 7H, count 27', '{"seat": 0, "card": "7H", "count": 27, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 78}', NULL);
INSERT INTO public.event VALUES (6, 200, '2026-12-01 11:28:01.031108+00', 'Go', NULL, 'seat 1: go at 27', '{"seat": 1, "count": 27}', NULL);
INSERT INTO public.event VALUES (6, 201, '2026-12-01 11:28:01.031108+00', 'LastCard', NULL, 'seat 0 pegs 1 for the go, score 79', '{"seat": 0, "score": 79, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (6, 202, '2026-12-01 11:28:01.031108+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (6, 203, '2026-12-01 11:28:01.032651+00', 'Pegged', NULL, 'seat 1 plays 8S, count 8', '{"seat": 1, "card": "8S", "count": 8, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 102}', NULL);
INSERT INTO public.event VALUES (6, 204, '2026-12-01 11:28:01.083999+00', 'Pegged', NULL, 'seat 0 plays 8C, count 16: pair 2 = 2, score 81', '{"seat": 0, "card": "8C", "count": 16, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 2, "run": 0}, "score": 81}', NULL);
INSERT INTO public.event VALUES (6, 205, '2026-12-01 11:28:01.084123+00', 'Pegged', NULL, 'seat 1 plays QS, count 26', '{"seat": 1, "card": "QS", "count": 26, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 102}', NULL);
INSERT INTO public.event VALUES (6, 206, '2026-12-01 11:28:01.084123+00', 'Go', NULL, 'seat 0: go at 26', '{"seat": 0, "count": 26}', NULL);
INSERT INTO public.event VALUES (6, 207, '2026-12-01 11:28:01.084123+00', 'LastCard', NULL, 'seat 1 pegs 1 for the go, score 103', '{"seat": 1, "score": 103, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (6, 208, '2026-12-01 11:28:01.084123+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (6, 209, '2026-12-01 11:28:01.084315+00', 'Pegged', NULL, 'seat 0 plays KC, count 10', '{"seat": 0, "card": "KC", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 81}', NULL);
INSERT INTO public.event VALUES (6, 210, '2026-12-01 11:28:01.084315+00', 'LastCard', NULL, 'seat 0 pegs 1 for last card, score 82', '{"seat": 0, "score": 82, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (6, 211, '2026-12-01 11:28:01.084315+00', 'HandShown', NULL, 'seat 1 shows 6H 8S JS QS + 3D: nothing = 0, score 103', '{"seat": 1, "cards": ["6H", "8S", "JS", "QS"], "starter": "3D", "breakdown": {"fifteens": 0, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 103}', NULL);
INSERT INTO public.event VALUES (6, 212, '2026-12-01 11:28:01.084315+00', 'HandShown', NULL, 'seat 0 shows 4C 7H 8C KC + 3D: fifteens 4 = 4, score 86', '{"seat": 0, "cards": ["4C", "7H", "8C", "KC"], "starter": "3D", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 86}', NULL);
INSERT INTO public.event VALUES (6, 213, '2026-12-01 11:28:01.084315+00', 'CribShown', NULL, 'seat 0''s crib AD 3C 4S 9S + 3D: fifteens 2, pairs 2 = 4, score 90', '{"seat": 0, "cards": ["AD", "3C", "4S", "9S"], "starter": "3D", "breakdown": {"fifteens": 2, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 90}', NULL);
INSERT INTO public.event VALUES (6, 214, '2026-12-01 11:28:01.084315+00', 'HandDealt', NULL, 'game 1 hand 10: seat 1 deals 6 cards to each hand', '{"game": 1, "hand": 10, "dealer": 1, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (6, 215, '2026-12-01 11:28:01.084315+00', 'CardsDealt', 0, 'seat 0 is dealt 5C 6D 8H TD JC KD', '{"seat": 0, "cards": ["5C", "6D", "8H", "TD", "JC", "KD"]}', NULL);
INSERT INTO public.event VALUES (6, 216, '2026-12-01 11:28:01.084315+00', 'CardsDealt', 1, 'seat 1 is dealt 4S 7D 7S 9C 9H QS', '{"seat": 1, "cards": ["4S", "7D", "7S", "9C", "9H", "QS"]}', NULL);
INSERT INTO public.event VALUES (6, 217, '2026-12-01 11:28:01.138197+00', 'DiscardedCards', 0, 'seat 0 lays away 5C 6D', '{"seat": 0, "cards": ["5C", "6D"]}', NULL);
INSERT INTO public.event VALUES (6, 218, '2026-12-01 11:28:01.138197+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (6, 219, '2026-12-01 11:28:01.138197+00', 'DiscardedCards', 1, 'seat 1 lays away 7D 9C', '{"seat": 1, "cards": ["7D", "9C"]}', NULL);
INSERT INTO public.event VALUES (6, 220, '2026-12-01 11:28:01.138197+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (6, 221, '2026-12-01 11:28:01.138197+00', 'StarterTurned', NULL, 'starter: KS', '{"card": "KS"}', NULL);
INSERT INTO public.event VALUES (6, 222, '2026-12-01 11:28:01.190368+00', 'Pegged', NULL, 'seat 0 plays 8H, count 8', '{"seat": 0, "card": "8H", "count": 8, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 90}', NULL);
INSERT INTO public.event VALUES (6, 223, '2026-12-01 11:28:01.191425+00', 'Pegged', NULL, 'seat 1 plays QS, count 18', '{"seat": 1, "card": "QS", "count": 18, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 103}', NULL);
INSERT INTO public.event VALUES (6, 224, '2026-12-01 11:28:01.242311+00', 'Pegged', NULL, 'seat 0 plays TD, count 28', '{"seat": 0, "card": "TD", "count": 28, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 90}', NULL);
INSERT INTO public.event VALUES (6, 225, '2026-12-01 11:28:01.242311+00', 'Go', NULL, 'seat 1: go at 28', '{"seat": 1, "count": 28}', NULL);
INSERT INTO public.event VALUES (6, 227, '2026-12-01 11:28:01.242311+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (6, 228, '2026-12-01 11:28:01.243545+00', 'Pegged', NULL, 'seat 1 plays 9H, count 9', '{"seat": 1, "card": "9H", "count": 9, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 103}', NULL);
INSERT INTO public.event VALUES (6, 229, '2026-12-01 11:28:01.294364+00', 'Pegged', NULL, 'seat 0 plays JC, count 19', '{"seat": 0, "card": "JC", "count": 19, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 91}', NULL);
INSERT INTO public.event VALUES (6, 230, '2026-12-01 11:28:01.295083+00', 'Pegged', NULL, 'seat 1 plays 4S, count 23', '{"seat": 1, "card": "4S", "count": 23, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 103}', NULL);
INSERT INTO public.event VALUES (6, 231, '2026-12-01 11:28:01.295083+00', 'Go', NULL, 'seat 0: go at 23', '{"seat": 0, "count": 23}', NULL);
INSERT INTO public.event VALUES (6, 232, '2026-12-01 11:28:01.295144+00', 'Pegged', NULL, 'seat 1 plays 7S, count 30', '{"seat": 1, "card": "7S", "count": 30, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 103}', NULL);
INSERT INTO public.event VALUES (6, 233, '2026-12-01 11:28:01.295144+00', 'LastCard', NULL, 'seat 1 pegs 1 for the go, score 104', '{"seat": 1, "score": 104, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (6, 234, '2026-12-01 11:28:01.295144+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (6, 235, '2026-12-01 11:28:01.295277+00', 'Pegged', NULL, 'seat 0 plays KD, count 10', '{"seat": 0, "card": "KD", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 91}', NULL);
INSERT INTO public.event VALUES (6, 236, '2026-12-01 11:28:01.295277+00', 'LastCard', NULL, 'seat 0 pegs 1 for last card, score 92', '{"seat": 0, "score": 92, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (6, 237, '2026-12-01 11:28:01.295277+00', 'HandShown', NULL, 'seat 0 shows 8H TD JC KD + KS: pairs 2 = 2, score 94', '{"seat": 0, "cards": ["8H", "TD", "JC", "KD"], "starter": "KS", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 94}', NULL);
INSERT INTO public.event VALUES (6, 238, '2026-12-01 11:28:01.295277+00', 'HandShown', NULL, 'seat 1 shows 4S 7S 9H QS + KS: nothing = 0, score 104', '{"seat": 1, "cards": ["4S", "7S", "9H", "QS"], "starter": "KS", "breakdown": {"fifteens": 0, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 104}', NULL);
INSERT INTO public.event VALUES (6, 239, '2026-12-01 11:28:01.295277+00', 'CribShown', NULL, 'seat 1''s crib 5C 6D 7D 9C + KS: fifteens 4, runs 3 = 7, score 111', '{"seat": 1, "cards": ["5C", "6D", "7D", "9C"], "starter": "KS", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 3, "flush": 0, "nobs": 0}, "score": 111}', NULL);
INSERT INTO public.event VALUES (6, 240, '2026-12-01 11:28:01.295277+00', 'HandDealt', NULL, 'game 1 hand 11: seat 0 deals 6 cards to each hand', '{"game": 1, "hand": 11, "dealer": 0, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (6, 241, '2026-12-01 11:28:01.295277+00', 'CardsDealt', 0, 'seat 0 is dealt 5H 6H 8C 8D QC KC', '{"seat": 0, "cards": ["5H", "6H", "8C", "8D", "QC", "KC"]}', NULL);
INSERT INTO public.event VALUES (6, 242, '2026-12-01 11:28:01.295277+00', 'CardsDealt', 1, 'seat 1 is dealt 2D 4S 5C 5S 6S JC', '{"seat": 1, "cards": ["2D", "4S", "5C", "5S", "6S", "JC"]}', NULL);
INSERT INTO public.event VALUES (6, 243, '2026-12-01 11:28:01.347847+00', 'DiscardedCards', 0, 'seat 0 lays away 5H 6H', '{"seat": 0, "cards": ["5H", "6H"]}', NULL);
INSERT INTO public.event VALUES (6, 244, '2026-12-01 11:28:01.347847+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (6, 245, '2026-12-01 11:28:01.347847+00', 'DiscardedCards', 1, 'seat 1 lays away 2D 5C', '{"seat": 1, "cards": ["2D", "5C"]}', NULL);
INSERT INTO public.event VALUES (6, 246, '2026-12-01 11:28:01.347847+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (6, 247, '2026-12-01 11:28:01.347847+00', 'StarterTurned', NULL, 'starter: 2C', '{"card": "2C"}', NULL);
INSERT INTO public.event VALUES (6, 248, '2026-12-01 11:28:01.348926+00', 'Pegged', NULL, 'seat 1 plays 5S, count 5', '{"seat": 1, "card": "5S", "count": 5, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 111}', NULL);
INSERT INTO public.event VALUES (6, 249, '2026-12-01 11:28:01.399698+00', 'Pegged', NULL, 'seat 0 plays 8C, count 13', '{"seat": 0, "card": "8C", "count": 13, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 94}', NULL);
INSERT INTO public.event VALUES (6, 250, '2026-12-01 11:28:01.400388+00', 'Pegged', NULL, 'seat 1 plays 6S, count 19', '{"seat": 1, "card": "6S", "count": 19, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 111}', NULL);
INSERT INTO public.event VALUES (6, 251, '2026-12-01 11:28:01.45126+00', 'Pegged', NULL, 'seat 0 plays 8D, count 27', '{"seat": 0, "card": "8D", "count": 27, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 94}', NULL);
INSERT INTO public.event VALUES (6, 252, '2026-12-01 11:28:01.45134+00', 'Pegged', NULL, 'seat 1 plays 4S, count 31: thirty-one 2 = 2, score 113', '{"seat": 1, "card": "4S", "count": 31, "breakdown": {"fifteen": 0, "thirty_one": 2, "pairs": 0, "run": 0}, "score": 113}', NULL);
INSERT INTO public.event VALUES (6, 253, '2026-12-01 11:28:01.45134+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (6, 254, '2026-12-01 11:28:01.503625+00', 'Pegged', NULL, 'seat 0 plays QC, count 10', '{"seat": 0, "card": "QC", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 94}', NULL);
INSERT INTO public.event VALUES (6, 255, '2026-12-01 11:28:01.503736+00', 'Pegged', NULL, 'seat 1 plays JC, count 20', '{"seat": 1, "card": "JC", "count": 20, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 113}', NULL);
INSERT INTO public.event VALUES (6, 256, '2026-12-01 11:28:01.503872+00', 'Pegged', NULL, 'seat 0 plays KC, count 30: run of 3 = 3, score 97', '{"seat": 0, "card": "KC", "count": 30, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 3}, "score": 97}', NULL);
INSERT INTO public.event VALUES (6, 257, '2026-12-01 11:28:01.503872+00', 'LastCard', NULL, 'seat 0 pegs 1 for last card, score 98', '{"seat": 0, "score": 98, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (6, 258, '2026-12-01 11:28:01.503872+00', 'HandShown', NULL, 'seat 1 shows 4S 5S 6S JC + 2C: fifteens 4, runs 3, nobs 1 = 8, score 121', '{"seat": 1, "cards": ["4S", "5S", "6S", "JC"], "starter": "2C", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 3, "flush": 0, "nobs": 1}, "score": 121}', NULL);
INSERT INTO public.event VALUES (6, 259, '2026-12-01 11:28:01.503872+00', 'GameWon', NULL, 'game 1 won by seat 1, 98-121 (no skunk): 1 game point, match 0-1', '{"game": 1, "winner": 1, "scores": [98, 121], "skunk": "no skunk", "game_points": 1, "match": [0, 1]}', NULL);
INSERT INTO public.event VALUES (6, 260, '2026-12-01 11:28:01.503872+00', 'MatchEnded', NULL, 'match won by seat 1, game points 0-1', '{"winner": 1, "scores": [0, 1]}', NULL);
INSERT INTO public.event VALUES (8, 0, '2026-12-01 11:28:05.479054+00', 'CutForDeal', NULL, 'cut for deal: seat 0 8S, seat 1 9H: seat 0 deals', '{"cuts": [[0, "8S"], [1, "9H"]], "dealer": 0}', NULL);
INSERT INTO public.event VALUES (8, 1, '2026-12-01 11:28:05.479054+00', 'GameStarted', NULL, 'game 1 begins: seat 0 deals first (cut)', '{"game": 1, "dealer": 0, "reason": "cut"}', NULL);
INSERT INTO public.event VALUES (8, 2, '2026-12-01 11:28:05.479054+00', 'HandDealt', NULL, 'game 1 hand 1: seat 0 deals 6 cards to each hand', '{"game": 1, "hand": 1, "dealer": 0, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (8, 3, '2026-12-01 11:28:05.479054+00', 'CardsDealt', 0, 'seat 0 is dealt 5S 7D 7H 9D TH QC', '{"seat": 0, "cards": ["5S", "7D", "7H", "9D", "TH", "QC"]}', NULL);
INSERT INTO public.event VALUES (8, 4, '2026-12-01 11:28:05.479054+00', 'CardsDealt', 1, 'seat 1 is dealt AD 2S 4C 5C 7S JS', '{"seat": 1, "cards": ["AD", "2S", "4C", "5C", "7S", "JS"]}', NULL);
INSERT INTO public.event VALUES (8, 5, '2026-12-01 11:28:05.537663+00', 'DiscardedCards', 0, 'seat 0 lays away 5S 7H', '{"seat": 0, "cards": ["5S", "7H"]}', NULL);
INSERT INTO public.event VALUES (8, 6, '2026-12-01 11:28:05.537663+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (8, 7, '2026-12-01 11:28:05.537663+00', 'DiscardedCards', 1, 'seat 1 lays away AD 2S', '{"seat": 1, "cards": ["AD", "2S"]}', NULL);
INSERT INTO public.event VALUES (8, 8, '2026-12-01 11:28:05.537663+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (8, 9, '2026-12-01 11:28:05.537663+00', 'StarterTurned', NULL, 'starter: 5D', '{"card": "5D"}', NULL);
INSERT INTO public.event VALUES (8, 10, '2026-12-01 11:28:05.589459+00', 'Pegged', NULL, 'seat 1 plays 4C, count 4', '{"seat": 1, "card": "4C", "count": 4, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 0}', NULL);
INSERT INTO public.event VALUES (8, 11, '2026-12-01 11:28:05.590652+00', 'Pegged', NULL, 'seat 0 plays 7D, count 11', '{"seat": 0, "card": "7D", "count": 11, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 0}', NULL);
INSERT INTO public.event VALUES (8, 12, '2026-12-01 11:28:05.644634+00', 'Pegged', NULL, 'seat 1 plays 5C, count 16', '{"seat": 1, "card": "5C", "count": 16, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 0}', NULL);
INSERT INTO public.event VALUES (8, 13, '2026-12-01 11:28:05.646105+00', 'Pegged', NULL, 'seat 0 plays 9D, count 25', '{"seat": 0, "card": "9D", "count": 25, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 0}', NULL);
INSERT INTO public.event VALUES (8, 14, '2026-12-01 11:28:05.646105+00', 'Go', NULL, 'seat 1: go at 25', '{"seat": 1, "count": 25}', NULL);
INSERT INTO public.event VALUES (8, 15, '2026-12-01 11:28:05.646105+00', 'LastCard', NULL, 'seat 0 pegs 1 for the go, score 1', '{"seat": 0, "score": 1, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (8, 16, '2026-12-01 11:28:05.646105+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (8, 17, '2026-12-01 11:28:05.70077+00', 'Pegged', NULL, 'seat 1 plays 7S, count 7', '{"seat": 1, "card": "7S", "count": 7, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 0}', NULL);
INSERT INTO public.event VALUES (8, 18, '2026-12-01 11:28:05.701576+00', 'Pegged', NULL, 'seat 0 plays QC, count 17', '{"seat": 0, "card": "QC", "count": 17, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 1}', NULL);
INSERT INTO public.event VALUES (8, 19, '2026-12-01 11:28:05.701647+00', 'Pegged', NULL, 'seat 1 plays JS, count 27', '{"seat": 1, "card": "JS", "count": 27, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 0}', NULL);
INSERT INTO public.event VALUES (8, 20, '2026-12-01 11:28:05.701647+00', 'Go', NULL, 'seat 0: go at 27', '{"seat": 0, "count": 27}', NULL);
INSERT INTO public.event VALUES (8, 21, '2026-12-01 11:28:05.701647+00', 'LastCard', NULL, 'seat 1 pegs 1 for the go, score 1', '{"seat": 1, "score": 1, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (8, 22, '2026-12-01 11:28:05.701647+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (8, 23, '2026-12-01 11:28:05.701824+00', 'Pegged', NULL, 'seat 0 plays TH, count 10', '{"seat": 0, "card": "TH", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 1}', NULL);
INSERT INTO public.event VALUES (8, 24, '2026-12-01 11:28:05.701824+00', 'LastCard', NULL, 'seat 0 pegs 1 for last card, score 2', '{"seat": 0, "score": 2, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (8, 25, '2026-12-01 11:28:05.701824+00', 'HandShown', NULL, 'seat 1 shows 4C 5C 7S JS + 5D: fifteens 4, pairs 2 = 6, score 7', '{"seat": 1, "cards": ["4C", "5C", "7S", "JS"], "starter": "5D", "breakdown": {"fifteens": 4, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 7}', NULL);
INSERT INTO public.event VALUES (8, 26, '2026-12-01 11:28:05.701824+00', 'HandShown', NULL, 'seat 0 shows 7D 9D TH QC + 5D: fifteens 4 = 4, score 6', '{"seat": 0, "cards": ["7D", "9D", "TH", "QC"], "starter": "5D", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 6}', NULL);
INSERT INTO public.event VALUES (8, 27, '2026-12-01 11:28:05.701824+00', 'CribShown', NULL, 'seat 0''s crib AD 2S 5S 7H + 5D: fifteens 4, pairs 2 = 6, score 12', '{"seat": 0, "cards": ["AD", "2S", "5S", "7H"], "starter": "5D", "breakdown": {"fifteens": 4, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 12}', NULL);
INSERT INTO public.event VALUES (8, 28, '2026-12-01 11:28:05.701824+00', 'HandDealt', NULL, 'game 1 hand 2: seat 1 deals 6 cards to each hand', '{"game": 1, "hand": 2, "dealer": 1, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (8, 29, '2026-12-01 11:28:05.701824+00', 'CardsDealt', 0, 'seat 0 is dealt 2H 2S 3H 6S 9H TD', '{"seat": 0, "cards": ["2H", "2S", "3H", "6S", "9H", "TD"]}', NULL);
INSERT INTO public.event VALUES (8, 30, '2026-12-01 11:28:05.701824+00', 'CardsDealt', 1, 'seat 1 is dealt 3C 5S 6H 9C QH KH', '{"seat": 1, "cards": ["3C", "5S", "6H", "9C", "QH", "KH"]}', NULL);
INSERT INTO public.event VALUES (8, 31, '2026-12-01 11:28:05.761728+00', 'DiscardedCards', 0, 'seat 0 lays away 2H TD', '{"seat": 0, "cards": ["2H", "TD"]}', NULL);
INSERT INTO public.event VALUES (8, 32, '2026-12-01 11:28:05.761728+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (8, 33, '2026-12-01 11:28:05.761728+00', 'DiscardedCards', 1, 'seat 1 lays away 3C 5S', '{"seat": 1, "cards": ["3C", "5S"]}', NULL);
INSERT INTO public.event VALUES (8, 34, '2026-12-01 11:28:05.761728+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (8, 35, '2026-12-01 11:28:05.761728+00', 'StarterTurned', NULL, 'starter: 2D', '{"card": "2D"}', NULL);
INSERT INTO public.event VALUES (8, 36, '2026-12-01 11:28:05.763575+00', 'Pegged', NULL, 'seat 0 plays 6S, count 6', '{"seat": 0, "card": "6S", "count": 6, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 12}', NULL);
INSERT INTO public.event VALUES (8, 37, '2026-12-01 11:28:05.815019+00', 'Pegged', NULL, 'seat 1 plays 6H, count 12: pair 2 = 2, score 9', '{"seat": 1, "card": "6H", "count": 12, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 2, "run": 0}, "score": 9}', NULL);
INSERT INTO public.event VALUES (8, 38, '2026-12-01 11:28:05.816062+00', 'Pegged', NULL, 'seat 0 plays 9H, count 21', '{"seat": 0, "card": "9H", "count": 21, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 12}', NULL);
INSERT INTO public.event VALUES (8, 39, '2026-12-01 11:28:05.867422+00', 'Pegged', NULL, 'seat 1 plays 9C, count 30: pair 2 = 2, score 11', '{"seat": 1, "card": "9C", "count": 30, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 2, "run": 0}, "score": 11}', NULL);
INSERT INTO public.event VALUES (8, 40, '2026-12-01 11:28:05.867422+00', 'Go', NULL, 'seat 0: go at 30', '{"seat": 0, "count": 30}', NULL);
INSERT INTO public.event VALUES (8, 41, '2026-12-01 11:28:05.867422+00', 'LastCard', NULL, 'seat 1 pegs 1 for the go, score 12', '{"seat": 1, "score": 12, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (8, 42, '2026-12-01 11:28:05.867422+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (8, 43, '2026-12-01 11:28:05.868951+00', 'Pegged', NULL, 'seat 0 plays 2S, count 2', '{"seat": 0, "card": "2S", "count": 2, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 12}', NULL);
INSERT INTO public.event VALUES (8, 44, '2026-12-01 11:28:05.920164+00', 'Pegged', NULL, 'seat 1 plays QH, count 12', '{"seat": 1, "card": "QH", "count": 12, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 12}', NULL);
INSERT INTO public.event VALUES (8, 45, '2026-12-01 11:28:05.920268+00', 'Pegged', NULL, 'seat 0 plays 3H, count 15: fifteen 2 = 2, score 14', '{"seat": 0, "card": "3H", "count": 15, "breakdown": {"fifteen": 2, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 14}', NULL);
INSERT INTO public.event VALUES (8, 46, '2026-12-01 11:28:05.920433+00', 'Pegged', NULL, 'seat 1 plays KH, count 25', '{"seat": 1, "card": "KH", "count": 25, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 12}', NULL);
INSERT INTO public.event VALUES (8, 47, '2026-12-01 11:28:05.920433+00', 'LastCard', NULL, 'seat 1 pegs 1 for last card, score 13', '{"seat": 1, "score": 13, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (8, 48, '2026-12-01 11:28:05.920433+00', 'HandShown', NULL, 'seat 0 shows 2S 3H 6S 9H + 2D: fifteens 2, pairs 2 = 4, score 18', '{"seat": 0, "cards": ["2S", "3H", "6S", "9H"], "starter": "2D", "breakdown": {"fifteens": 2, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 18}', NULL);
INSERT INTO public.event VALUES (8, 49, '2026-12-01 11:28:05.920433+00', 'HandShown', NULL, 'seat 1 shows 6H 9C QH KH + 2D: fifteens 2 = 2, score 15', '{"seat": 1, "cards": ["6H", "9C", "QH", "KH"], "starter": "2D", "breakdown": {"fifteens": 2, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 15}', NULL);
INSERT INTO public.event VALUES (8, 50, '2026-12-01 11:28:05.920433+00', 'CribShown', NULL, 'seat 1''s crib 2H 3C 5S TD + 2D: fifteens 6, pairs 2 = 8, score 23', '{"seat": 1, "cards": ["2H", "3C", "5S", "TD"], "starter": "2D", "breakdown": {"fifteens": 6, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 23}', NULL);
INSERT INTO public.event VALUES (8, 51, '2026-12-01 11:28:05.920433+00', 'HandDealt', NULL, 'game 1 hand 3: seat 0 deals 6 cards to each hand', '{"game": 1, "hand": 3, "dealer": 0, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (8, 52, '2026-12-01 11:28:05.920433+00', 'CardsDealt', 0, 'seat 0 is dealt 2C 3H 5C 8C 8H KC', '{"seat": 0, "cards": ["2C", "3H", "5C", "8C", "8H", "KC"]}', NULL);
INSERT INTO public.event VALUES (8, 53, '2026-12-01 11:28:05.920433+00', 'CardsDealt', 1, 'seat 1 is dealt 4H 6D 7S 8D QC QH', '{"seat": 1, "cards": ["4H", "6D", "7S", "8D", "QC", "QH"]}', NULL);
INSERT INTO public.event VALUES (8, 54, '2026-12-01 11:28:05.973641+00', 'DiscardedCards', 0, 'seat 0 lays away 5C 8C', '{"seat": 0, "cards": ["5C", "8C"]}', NULL);
INSERT INTO public.event VALUES (8, 55, '2026-12-01 11:28:05.973641+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (8, 56, '2026-12-01 11:28:05.973641+00', 'DiscardedCards', 1, 'seat 1 lays away 4H 6D', '{"seat": 1, "cards": ["4H", "6D"]}', NULL);
INSERT INTO public.event VALUES (8, 57, '2026-12-01 11:28:05.973641+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (8, 58, '2026-12-01 11:28:05.973641+00', 'StarterTurned', NULL, 'starter: 7D', '{"card": "7D"}', NULL);
INSERT INTO public.event VALUES (8, 59, '2026-12-01 11:28:06.025724+00', 'Pegged', NULL, 'seat 1 plays 7S, count 7', '{"seat": 1, "card": "7S", "count": 7, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 23}', NULL);
INSERT INTO public.event VALUES (8, 60, '2026-12-01 11:28:06.026722+00', 'Pegged', NULL, 'seat 0 plays 3H, count 10', '{"seat": 0, "card": "3H", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 18}', NULL);
INSERT INTO public.event VALUES (8, 61, '2026-12-01 11:28:06.080048+00', 'Pegged', NULL, 'seat 1 plays 8D, count 18', '{"seat": 1, "card": "8D", "count": 18, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 23}', NULL);
INSERT INTO public.event VALUES (8, 62, '2026-12-01 11:28:06.081626+00', 'Pegged', NULL, 'seat 0 plays 8H, count 26: pair 2 = 2, score 20', '{"seat": 0, "card": "8H", "count": 26, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 2, "run": 0}, "score": 20}', NULL);
INSERT INTO public.event VALUES (8, 63, '2026-12-01 11:28:06.081626+00', 'Go', NULL, 'seat 1: go at 26', '{"seat": 1, "count": 26}', NULL);
INSERT INTO public.event VALUES (8, 64, '2026-12-01 11:28:06.08176+00', 'Pegged', NULL, 'seat 0 plays 2C, count 28', '{"seat": 0, "card": "2C", "count": 28, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 20}', NULL);
INSERT INTO public.event VALUES (8, 65, '2026-12-01 11:28:06.08176+00', 'LastCard', NULL, 'seat 0 pegs 1 for the go, score 21', '{"seat": 0, "score": 21, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (8, 66, '2026-12-01 11:28:06.08176+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (8, 67, '2026-12-01 11:28:06.136889+00', 'Pegged', NULL, 'seat 1 plays QC, count 10', '{"seat": 1, "card": "QC", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 23}', NULL);
INSERT INTO public.event VALUES (8, 68, '2026-12-01 11:28:06.136998+00', 'Pegged', NULL, 'seat 0 plays KC, count 20', '{"seat": 0, "card": "KC", "count": 20, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 21}', NULL);
INSERT INTO public.event VALUES (8, 69, '2026-12-01 11:28:06.137163+00', 'Pegged', NULL, 'seat 1 plays QH, count 30', '{"seat": 1, "card": "QH", "count": 30, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 23}', NULL);
INSERT INTO public.event VALUES (8, 70, '2026-12-01 11:28:06.137163+00', 'LastCard', NULL, 'seat 1 pegs 1 for last card, score 24', '{"seat": 1, "score": 24, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (8, 71, '2026-12-01 11:28:06.137163+00', 'HandShown', NULL, 'seat 1 shows 7S 8D QC QH + 7D: fifteens 4, pairs 4 = 8, score 32', '{"seat": 1, "cards": ["7S", "8D", "QC", "QH"], "starter": "7D", "breakdown": {"fifteens": 4, "pairs": 4, "runs": 0, "flush": 0, "nobs": 0}, "score": 32}', NULL);
INSERT INTO public.event VALUES (8, 72, '2026-12-01 11:28:06.137163+00', 'HandShown', NULL, 'seat 0 shows 2C 3H 8H KC + 7D: fifteens 4 = 4, score 25', '{"seat": 0, "cards": ["2C", "3H", "8H", "KC"], "starter": "7D", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 25}', NULL);
INSERT INTO public.event VALUES (8, 73, '2026-12-01 11:28:06.137163+00', 'CribShown', NULL, 'seat 0''s crib 4H 5C 6D 8C + 7D: fifteens 4, runs 5 = 9, score 34', '{"seat": 0, "cards": ["4H", "5C", "6D", "8C"], "starter": "7D", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 5, "flush": 0, "nobs": 0}, "score": 34}', NULL);
INSERT INTO public.event VALUES (8, 74, '2026-12-01 11:28:06.137163+00', 'HandDealt', NULL, 'game 1 hand 4: seat 1 deals 6 cards to each hand', '{"game": 1, "hand": 4, "dealer": 1, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (8, 75, '2026-12-01 11:28:06.137163+00', 'CardsDealt', 0, 'seat 0 is dealt AH 9D 9H JD QS KC', '{"seat": 0, "cards": ["AH", "9D", "9H", "JD", "QS", "KC"]}', NULL);
INSERT INTO public.event VALUES (8, 76, '2026-12-01 11:28:06.137163+00', 'CardsDealt', 1, 'seat 1 is dealt 3C 4H 5H 8C 8S TD', '{"seat": 1, "cards": ["3C", "4H", "5H", "8C", "8S", "TD"]}', NULL);
INSERT INTO public.event VALUES (8, 77, '2026-12-01 11:28:06.189632+00', 'DiscardedCards', 0, 'seat 0 lays away 9D KC', '{"seat": 0, "cards": ["9D", "KC"]}', NULL);
INSERT INTO public.event VALUES (8, 78, '2026-12-01 11:28:06.189632+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (8, 79, '2026-12-01 11:28:06.189632+00', 'DiscardedCards', 1, 'seat 1 lays away 3C 4H', '{"seat": 1, "cards": ["3C", "4H"]}', NULL);
INSERT INTO public.event VALUES (8, 80, '2026-12-01 11:28:06.189632+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (8, 81, '2026-12-01 11:28:06.189632+00', 'StarterTurned', NULL, 'starter: 4S', '{"card": "4S"}', NULL);
INSERT INTO public.event VALUES (8, 82, '2026-12-01 11:28:06.1909+00', 'Pegged', NULL, 'seat 0 plays QS, count 10', '{"seat": 0, "card": "QS", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 34}', NULL);
INSERT INTO public.event VALUES (8, 83, '2026-12-01 11:28:06.241933+00', 'Pegged', NULL, 'seat 1 plays 5H, count 15: fifteen 2 = 2, score 34', '{"seat": 1, "card": "5H", "count": 15, "breakdown": {"fifteen": 2, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 34}', NULL);
INSERT INTO public.event VALUES (8, 84, '2026-12-01 11:28:06.242659+00', 'Pegged', NULL, 'seat 0 plays AH, count 16', '{"seat": 0, "card": "AH", "count": 16, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 34}', NULL);
INSERT INTO public.event VALUES (8, 85, '2026-12-01 11:28:06.293967+00', 'Pegged', NULL, 'seat 1 plays 8C, count 24', '{"seat": 1, "card": "8C", "count": 24, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 34}', NULL);
INSERT INTO public.event VALUES (8, 86, '2026-12-01 11:28:06.293967+00', 'Go', NULL, 'seat 0: go at 24', '{"seat": 0, "count": 24}', NULL);
INSERT INTO public.event VALUES (8, 87, '2026-12-01 11:28:06.293967+00', 'LastCard', NULL, 'seat 1 pegs 1 for the go, score 35', '{"seat": 1, "score": 35, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (8, 88, '2026-12-01 11:28:06.293967+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (8, 89, '2026-12-01 11:28:06.295156+00', 'Pegged', NULL, 'seat 0 plays 9H, count 9', '{"seat": 0, "card": "9H", "count": 9, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 34}', NULL);
INSERT INTO public.event VALUES (8, 90, '2026-12-01 11:28:06.346844+00', 'Pegged', NULL, 'seat 1 plays 8S, count 17', '{"seat": 1, "card": "8S", "count": 17, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 35}', NULL);
INSERT INTO public.event VALUES (8, 91, '2026-12-01 11:28:06.346969+00', 'Pegged', NULL, 'seat 0 plays JD, count 27', '{"seat": 0, "card": "JD", "count": 27, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 34}', NULL);
INSERT INTO public.event VALUES (8, 92, '2026-12-01 11:28:06.346969+00', 'Go', NULL, 'seat 1: go at 27', '{"seat": 1, "count": 27}', NULL);
INSERT INTO public.event VALUES (8, 93, '2026-12-01 11:28:06.346969+00', 'LastCard', NULL, 'seat 0 pegs 1 for the go, score 35', '{"seat": 0, "score": 35, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (8, 94, '2026-12-01 11:28:06.346969+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (8, 95, '2026-12-01 11:28:06.347141+00', 'Pegged', NULL, 'seat 1 plays TD, count 10', '{"seat": 1, "card": "TD", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 35}', NULL);
INSERT INTO public.event VALUES (8, 96, '2026-12-01 11:28:06.347141+00', 'LastCard', NULL, 'seat 1 pegs 1 for last card, score 36', '{"seat": 1, "score": 36, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (8, 97, '2026-12-01 11:28:06.347141+00', 'HandShown', NULL, 'seat 0 shows AH 9H JD QS + 4S: fifteens 4 = 4, score 39', '{"seat": 0, "cards": ["AH", "9H", "JD", "QS"], "starter": "4S", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 39}', NULL);
INSERT INTO public.event VALUES (8, 98, '2026-12-01 11:28:06.347141+00', 'HandShown', NULL, 'seat 1 shows 5H 8C 8S TD + 4S: fifteens 2, pairs 2 = 4, score 40', '{"seat": 1, "cards": ["5H", "8C", "8S", "TD"], "starter": "4S", "breakdown": {"fifteens": 2, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 40}', NULL);
INSERT INTO public.event VALUES (8, 99, '2026-12-01 11:28:06.347141+00', 'CribShown', NULL, 'seat 1''s crib 3C 4H 9D KC + 4S: pairs 2 = 2, score 42', '{"seat": 1, "cards": ["3C", "4H", "9D", "KC"], "starter": "4S", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 42}', NULL);
INSERT INTO public.event VALUES (8, 100, '2026-12-01 11:28:06.347141+00', 'HandDealt', NULL, 'game 1 hand 5: seat 0 deals 6 cards to each hand', '{"game": 1, "hand": 5, "dealer": 0, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (8, 101, '2026-12-01 11:28:06.347141+00', 'CardsDealt', 0, 'seat 0 is dealt 7D 9D TC JH QH KD', '{"seat": 0, "cards": ["7D", "9D", "TC", "JH", "QH", "KD"]}', NULL);
INSERT INTO public.event VALUES (8, 102, '2026-12-01 11:28:06.347141+00', 'CardsDealt', 1, 'seat 1 is dealt AD 2H 3S 6C 8H KS', '{"seat": 1, "cards": ["AD", "2H", "3S", "6C", "8H", "KS"]}', NULL);
INSERT INTO public.event VALUES (8, 103, '2026-12-01 11:28:06.400066+00', 'DiscardedCards', 0, 'seat 0 lays away TC KD', '{"seat": 0, "cards": ["TC", "KD"]}', NULL);
INSERT INTO public.event VALUES (8, 104, '2026-12-01 11:28:06.400066+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (8, 105, '2026-12-01 11:28:06.400066+00', 'DiscardedCards', 1, 'seat 1 lays away AD 2H', '{"seat": 1, "cards": ["AD", "2H"]}', NULL);
INSERT INTO public.event VALUES (8, 106, '2026-12-01 11:28:06.400066+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (8, 107, '2026-12-01 11:28:06.400066+00', 'StarterTurned', NULL, 'starter: AC', '{"card": "AC"}', NULL);
INSERT INTO public.event VALUES (8, 108, '2026-12-01 11:28:06.451856+00', 'Pegged', NULL, 'seat 1 plays 3S, count 3', '{"seat": 1, "card": "3S", "count": 3, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 42}', NULL);
INSERT INTO public.event VALUES (8, 109, '2026-12-01 11:28:06.453094+00', 'Pegged', NULL, 'seat 0 plays 7D, count 10', '{"seat": 0, "card": "7D", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 39}', NULL);
INSERT INTO public.event VALUES (8, 110, '2026-12-01 11:28:06.504419+00', 'Pegged', NULL, 'seat 1 plays 6C, count 16', '{"seat": 1, "card": "6C", "count": 16, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 42}', NULL);
INSERT INTO public.event VALUES (9, 32, '2026-12-01 11:28:10.587068+00', 'DiscardedCards', 1, 'seat 1 lays away 7C 9H', '{"seat": 1, "cards": ["7C", "9H"]}', NULL);
INSERT INTO public.event VALUES (8, 111, '2026-12-01 11:28:06.50564+00', 'Pegged', NULL, 'seat 0 plays QH, count 26', '{"seat": 0, "card": "QH", "count": 26, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 39}', NULL);
INSERT INTO public.event VALUES (8, 112, '2026-12-01 11:28:06.50564+00', 'Go', NULL, 'seat 1: go at 26', '{"seat": 1, "count": 26}', NULL);
INSERT INTO public.event VALUES (8, 113, '2026-12-01 11:28:06.50564+00', 'LastCard', NULL, 'seat 0 pegs 1 for the go, score 40', '{"seat": 0, "score": 40, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (8, 114, '2026-12-01 11:28:06.50564+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (8, 115, '2026-12-01 11:28:06.56057+00', 'Pegged', NULL, 'seat 1 plays 8H, count 8', '{"seat": 1, "card": "8H", "count": 8, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 42}', NULL);
INSERT INTO public.event VALUES (8, 116, '2026-12-01 11:28:06.564948+00', 'Pegged', NULL, 'seat 0 plays 9D, count 17', '{"seat": 0, "card": "9D", "count": 17, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 40}', NULL);
INSERT INTO public.event VALUES (8, 117, '2026-12-01 11:28:06.565034+00', 'Pegged', NULL, 'seat 1 plays KS, count 27', '{"seat": 1, "card": "KS", "count": 27, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 42}', NULL);
INSERT INTO public.event VALUES (8, 118, '2026-12-01 11:28:06.565034+00', 'Go', NULL, 'seat 0: go at 27', '{"seat": 0, "count": 27}', NULL);
INSERT INTO public.event VALUES (8, 119, '2026-12-01 11:28:06.565034+00', 'LastCard', NULL, 'seat 1 pegs 1 for the go, score 43', '{"seat": 1, "score": 43, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (8, 120, '2026-12-01 11:28:06.565034+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (8, 121, '2026-12-01 11:28:06.565182+00', 'Pegged', NULL, 'seat 0 plays JH, count 10', '{"seat": 0, "card": "JH", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 40}', NULL);
INSERT INTO public.event VALUES (8, 122, '2026-12-01 11:28:06.565182+00', 'LastCard', NULL, 'seat 0 pegs 1 for last card, score 41', '{"seat": 0, "score": 41, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (8, 123, '2026-12-01 11:28:06.565182+00', 'HandShown', NULL, 'seat 1 shows 3S 6C 8H KS + AC: fifteens 2 = 2, score 45', '{"seat": 1, "cards": ["3S", "6C", "8H", "KS"], "starter": "AC", "breakdown": {"fifteens": 2, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 45}', NULL);
INSERT INTO public.event VALUES (8, 124, '2026-12-01 11:28:06.565182+00', 'HandShown', NULL, 'seat 0 shows 7D 9D JH QH + AC: nothing = 0, score 41', '{"seat": 0, "cards": ["7D", "9D", "JH", "QH"], "starter": "AC", "breakdown": {"fifteens": 0, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 41}', NULL);
INSERT INTO public.event VALUES (8, 125, '2026-12-01 11:28:06.565182+00', 'CribShown', NULL, 'seat 0''s crib AD 2H TC KD + AC: pairs 2 = 2, score 43', '{"seat": 0, "cards": ["AD", "2H", "TC", "KD"], "starter": "AC", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 43}', NULL);
INSERT INTO public.event VALUES (8, 126, '2026-12-01 11:28:06.565182+00', 'HandDealt', NULL, 'game 1 hand 6: seat 1 deals 6 cards to each hand', '{"game": 1, "hand": 6, "dealer": 1, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (8, 127, '2026-12-01 11:28:06.565182+00', 'CardsDealt', 0, 'seat 0 is dealt AS 4D 4S 8C 9S TC', '{"seat": 0, "cards": ["AS", "4D", "4S", "8C", "9S", "TC"]}', NULL);
INSERT INTO public.event VALUES (8, 128, '2026-12-01 11:28:06.565182+00', 'CardsDealt', 1, 'seat 1 is dealt 2C 5C 6D 9H JS KC', '{"seat": 1, "cards": ["2C", "5C", "6D", "9H", "JS", "KC"]}', NULL);
INSERT INTO public.event VALUES (8, 129, '2026-12-01 11:28:06.618122+00', 'DiscardedCards', 0, 'seat 0 lays away AS 8C', '{"seat": 0, "cards": ["AS", "8C"]}', NULL);
INSERT INTO public.event VALUES (8, 130, '2026-12-01 11:28:06.618122+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (8, 131, '2026-12-01 11:28:06.618122+00', 'DiscardedCards', 1, 'seat 1 lays away 2C 5C', '{"seat": 1, "cards": ["2C", "5C"]}', NULL);
INSERT INTO public.event VALUES (8, 132, '2026-12-01 11:28:06.618122+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (8, 133, '2026-12-01 11:28:06.618122+00', 'StarterTurned', NULL, 'starter: 7S', '{"card": "7S"}', NULL);
INSERT INTO public.event VALUES (8, 134, '2026-12-01 11:28:06.619655+00', 'Pegged', NULL, 'seat 0 plays TC, count 10', '{"seat": 0, "card": "TC", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 43}', NULL);
INSERT INTO public.event VALUES (8, 135, '2026-12-01 11:28:06.671202+00', 'Pegged', NULL, 'seat 1 plays 6D, count 16', '{"seat": 1, "card": "6D", "count": 16, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 45}', NULL);
INSERT INTO public.event VALUES (8, 136, '2026-12-01 11:28:06.67285+00', 'Pegged', NULL, 'seat 0 plays 4S, count 20', '{"seat": 0, "card": "4S", "count": 20, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 43}', NULL);
INSERT INTO public.event VALUES (8, 137, '2026-12-01 11:28:06.724711+00', 'Pegged', NULL, 'seat 1 plays 9H, count 29', '{"seat": 1, "card": "9H", "count": 29, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 45}', NULL);
INSERT INTO public.event VALUES (8, 138, '2026-12-01 11:28:06.724711+00', 'Go', NULL, 'seat 0: go at 29', '{"seat": 0, "count": 29}', NULL);
INSERT INTO public.event VALUES (8, 139, '2026-12-01 11:28:06.724711+00', 'LastCard', NULL, 'seat 1 pegs 1 for the go, score 46', '{"seat": 1, "score": 46, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (8, 140, '2026-12-01 11:28:06.724711+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (8, 141, '2026-12-01 11:28:06.728934+00', 'Pegged', NULL, 'seat 0 plays 4D, count 4', '{"seat": 0, "card": "4D", "count": 4, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 43}', NULL);
INSERT INTO public.event VALUES (8, 142, '2026-12-01 11:28:06.780512+00', 'Pegged', NULL, 'seat 1 plays JS, count 14', '{"seat": 1, "card": "JS", "count": 14, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 46}', NULL);
INSERT INTO public.event VALUES (8, 143, '2026-12-01 11:28:06.780628+00', 'Pegged', NULL, 'seat 0 plays 9S, count 23', '{"seat": 0, "card": "9S", "count": 23, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 43}', NULL);
INSERT INTO public.event VALUES (8, 144, '2026-12-01 11:28:06.780628+00', 'Go', NULL, 'seat 1: go at 23', '{"seat": 1, "count": 23}', NULL);
INSERT INTO public.event VALUES (8, 145, '2026-12-01 11:28:06.780628+00', 'LastCard', NULL, 'seat 0 pegs 1 for the go, score 44', '{"seat": 0, "score": 44, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (8, 146, '2026-12-01 11:28:06.780628+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (8, 147, '2026-12-01 11:28:06.780785+00', 'Pegged', NULL, 'seat 1 plays KC, count 10', '{"seat": 1, "card": "KC", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 46}', NULL);
INSERT INTO public.event VALUES (8, 148, '2026-12-01 11:28:06.780785+00', 'LastCard', NULL, 'seat 1 pegs 1 for last card, score 47', '{"seat": 1, "score": 47, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (8, 149, '2026-12-01 11:28:06.780785+00', 'HandShown', NULL, 'seat 0 shows 4D 4S 9S TC + 7S: fifteens 2, pairs 2 = 4, score 48', '{"seat": 0, "cards": ["4D", "4S", "9S", "TC"], "starter": "7S", "breakdown": {"fifteens": 2, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 48}', NULL);
INSERT INTO public.event VALUES (8, 150, '2026-12-01 11:28:06.780785+00', 'HandShown', NULL, 'seat 1 shows 6D 9H JS KC + 7S: fifteens 2, nobs 1 = 3, score 50', '{"seat": 1, "cards": ["6D", "9H", "JS", "KC"], "starter": "7S", "breakdown": {"fifteens": 2, "pairs": 0, "runs": 0, "flush": 0, "nobs": 1}, "score": 50}', NULL);
INSERT INTO public.event VALUES (8, 151, '2026-12-01 11:28:06.780785+00', 'CribShown', NULL, 'seat 1''s crib AS 2C 5C 8C + 7S: fifteens 6 = 6, score 56', '{"seat": 1, "cards": ["AS", "2C", "5C", "8C"], "starter": "7S", "breakdown": {"fifteens": 6, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 56}', NULL);
INSERT INTO public.event VALUES (8, 152, '2026-12-01 11:28:06.780785+00', 'HandDealt', NULL, 'game 1 hand 7: seat 0 deals 6 cards to each hand', '{"game": 1, "hand": 7, "dealer": 0, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (8, 153, '2026-12-01 11:28:06.780785+00', 'CardsDealt', 0, 'seat 0 is dealt 3S 5D 6D 7C 7S KH', '{"seat": 0, "cards": ["3S", "5D", "6D", "7C", "7S", "KH"]}', NULL);
INSERT INTO public.event VALUES (8, 154, '2026-12-01 11:28:06.780785+00', 'CardsDealt', 1, 'seat 1 is dealt 3C 6H 7H 8D 8S QD', '{"seat": 1, "cards": ["3C", "6H", "7H", "8D", "8S", "QD"]}', NULL);
INSERT INTO public.event VALUES (8, 155, '2026-12-01 11:28:06.837044+00', 'DiscardedCards', 0, 'seat 0 lays away 5D KH', '{"seat": 0, "cards": ["5D", "KH"]}', NULL);
INSERT INTO public.event VALUES (8, 156, '2026-12-01 11:28:06.837044+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (8, 157, '2026-12-01 11:28:06.837044+00', 'DiscardedCards', 1, 'seat 1 lays away 3C 6H', '{"seat": 1, "cards": ["3C", "6H"]}', NULL);
INSERT INTO public.event VALUES (8, 158, '2026-12-01 11:28:06.837044+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (8, 159, '2026-12-01 11:28:06.837044+00', 'StarterTurned', NULL, 'starter: 3D', '{"card": "3D"}', NULL);
INSERT INTO public.event VALUES (8, 160, '2026-12-01 11:28:06.892665+00', 'Pegged', NULL, 'seat 1 plays 7H, count 7', '{"seat": 1, "card": "7H", "count": 7, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 56}', NULL);
INSERT INTO public.event VALUES (8, 161, '2026-12-01 11:28:06.894589+00', 'Pegged', NULL, 'seat 0 plays 7S, count 14: pair 2 = 2, score 50', '{"seat": 0, "card": "7S", "count": 14, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 2, "run": 0}, "score": 50}', NULL);
INSERT INTO public.event VALUES (8, 162, '2026-12-01 11:28:06.945855+00', 'Pegged', NULL, 'seat 1 plays 8D, count 22', '{"seat": 1, "card": "8D", "count": 22, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 56}', NULL);
INSERT INTO public.event VALUES (8, 163, '2026-12-01 11:28:06.946953+00', 'Pegged', NULL, 'seat 0 plays 6D, count 28: run of 3 = 3, score 53', '{"seat": 0, "card": "6D", "count": 28, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 3}, "score": 53}', NULL);
INSERT INTO public.event VALUES (8, 164, '2026-12-01 11:28:06.946953+00', 'Go', NULL, 'seat 1: go at 28', '{"seat": 1, "count": 28}', NULL);
INSERT INTO public.event VALUES (8, 165, '2026-12-01 11:28:06.947045+00', 'Pegged', NULL, 'seat 0 plays 3S, count 31: thirty-one 2 = 2, score 55', '{"seat": 0, "card": "3S", "count": 31, "breakdown": {"fifteen": 0, "thirty_one": 2, "pairs": 0, "run": 0}, "score": 55}', NULL);
INSERT INTO public.event VALUES (8, 166, '2026-12-01 11:28:06.947045+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (8, 167, '2026-12-01 11:28:07.000578+00', 'Pegged', NULL, 'seat 1 plays 8S, count 8', '{"seat": 1, "card": "8S", "count": 8, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 56}', NULL);
INSERT INTO public.event VALUES (8, 168, '2026-12-01 11:28:07.000691+00', 'Pegged', NULL, 'seat 0 plays 7C, count 15: fifteen 2 = 2, score 57', '{"seat": 0, "card": "7C", "count": 15, "breakdown": {"fifteen": 2, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 57}', NULL);
INSERT INTO public.event VALUES (8, 169, '2026-12-01 11:28:07.000832+00', 'Pegged', NULL, 'seat 1 plays QD, count 25', '{"seat": 1, "card": "QD", "count": 25, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 56}', NULL);
INSERT INTO public.event VALUES (8, 170, '2026-12-01 11:28:07.000832+00', 'LastCard', NULL, 'seat 1 pegs 1 for last card, score 57', '{"seat": 1, "score": 57, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (8, 171, '2026-12-01 11:28:07.000832+00', 'HandShown', NULL, 'seat 1 shows 7H 8D 8S QD + 3D: fifteens 4, pairs 2 = 6, score 63', '{"seat": 1, "cards": ["7H", "8D", "8S", "QD"], "starter": "3D", "breakdown": {"fifteens": 4, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 63}', NULL);
INSERT INTO public.event VALUES (8, 172, '2026-12-01 11:28:07.000832+00', 'HandShown', NULL, 'seat 0 shows 3S 6D 7C 7S + 3D: pairs 4 = 4, score 61', '{"seat": 0, "cards": ["3S", "6D", "7C", "7S"], "starter": "3D", "breakdown": {"fifteens": 0, "pairs": 4, "runs": 0, "flush": 0, "nobs": 0}, "score": 61}', NULL);
INSERT INTO public.event VALUES (8, 173, '2026-12-01 11:28:07.000832+00', 'CribShown', NULL, 'seat 0''s crib 3C 5D 6H KH + 3D: fifteens 2, pairs 2 = 4, score 65', '{"seat": 0, "cards": ["3C", "5D", "6H", "KH"], "starter": "3D", "breakdown": {"fifteens": 2, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 65}', NULL);
INSERT INTO public.event VALUES (8, 174, '2026-12-01 11:28:07.000832+00', 'HandDealt', NULL, 'game 1 hand 8: seat 1 deals 6 cards to each hand', '{"game": 1, "hand": 8, "dealer": 1, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (8, 175, '2026-12-01 11:28:07.000832+00', 'CardsDealt', 0, 'seat 0 is dealt AD 3C 4D 5S 8S QC', '{"seat": 0, "cards": ["AD", "3C", "4D", "5S", "8S", "QC"]}', NULL);
INSERT INTO public.event VALUES (8, 176, '2026-12-01 11:28:07.000832+00', 'CardsDealt', 1, 'seat 1 is dealt AH 2C 5D 9D TC TS', '{"seat": 1, "cards": ["AH", "2C", "5D", "9D", "TC", "TS"]}', NULL);
INSERT INTO public.event VALUES (8, 177, '2026-12-01 11:28:07.052939+00', 'DiscardedCards', 0, 'seat 0 lays away 3C 5S', '{"seat": 0, "cards": ["3C", "5S"]}', NULL);
INSERT INTO public.event VALUES (8, 178, '2026-12-01 11:28:07.052939+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (8, 179, '2026-12-01 11:28:07.052939+00', 'DiscardedCards', 1, 'seat 1 lays away AH 2C', '{"seat": 1, "cards": ["AH", "2C"]}', NULL);
INSERT INTO public.event VALUES (8, 180, '2026-12-01 11:28:07.052939+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (8, 181, '2026-12-01 11:28:07.052939+00', 'StarterTurned', NULL, 'starter: 2D', '{"card": "2D"}', NULL);
INSERT INTO public.event VALUES (8, 182, '2026-12-01 11:28:07.054222+00', 'Pegged', NULL, 'seat 0 plays 4D, count 4', '{"seat": 0, "card": "4D", "count": 4, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 65}', NULL);
INSERT INTO public.event VALUES (8, 183, '2026-12-01 11:28:07.105536+00', 'Pegged', NULL, 'seat 1 plays 5D, count 9', '{"seat": 1, "card": "5D", "count": 9, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 63}', NULL);
INSERT INTO public.event VALUES (8, 184, '2026-12-01 11:28:07.106651+00', 'Pegged', NULL, 'seat 0 plays AD, count 10', '{"seat": 0, "card": "AD", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 65}', NULL);
INSERT INTO public.event VALUES (8, 185, '2026-12-01 11:28:07.161191+00', 'Pegged', NULL, 'seat 1 plays 9D, count 19', '{"seat": 1, "card": "9D", "count": 19, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 63}', NULL);
INSERT INTO public.event VALUES (8, 186, '2026-12-01 11:28:07.164761+00', 'Pegged', NULL, 'seat 0 plays QC, count 29', '{"seat": 0, "card": "QC", "count": 29, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 65}', NULL);
INSERT INTO public.event VALUES (8, 187, '2026-12-01 11:28:07.164761+00', 'Go', NULL, 'seat 1: go at 29', '{"seat": 1, "count": 29}', NULL);
INSERT INTO public.event VALUES (8, 188, '2026-12-01 11:28:07.164761+00', 'LastCard', NULL, 'seat 0 pegs 1 for the go, score 66', '{"seat": 0, "score": 66, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (8, 189, '2026-12-01 11:28:07.164761+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (8, 190, '2026-12-01 11:28:07.216804+00', 'Pegged', NULL, 'seat 1 plays TC, count 10', '{"seat": 1, "card": "TC", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 63}', NULL);
INSERT INTO public.event VALUES (8, 191, '2026-12-01 11:28:07.216909+00', 'Pegged', NULL, 'seat 0 plays 8S, count 18', '{"seat": 0, "card": "8S", "count": 18, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 66}', NULL);
INSERT INTO public.event VALUES (8, 192, '2026-12-01 11:28:07.217043+00', 'Pegged', NULL, 'seat 1 plays TS, count 28', '{"seat": 1, "card": "TS", "count": 28, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 63}', NULL);
INSERT INTO public.event VALUES (8, 193, '2026-12-01 11:28:07.217043+00', 'LastCard', NULL, 'seat 1 pegs 1 for last card, score 64', '{"seat": 1, "score": 64, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (8, 194, '2026-12-01 11:28:07.217043+00', 'HandShown', NULL, 'seat 0 shows AD 4D 8S QC + 2D: fifteens 4 = 4, score 70', '{"seat": 0, "cards": ["AD", "4D", "8S", "QC"], "starter": "2D", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 70}', NULL);
INSERT INTO public.event VALUES (8, 195, '2026-12-01 11:28:07.217043+00', 'HandShown', NULL, 'seat 1 shows 5D 9D TC TS + 2D: fifteens 4, pairs 2 = 6, score 70', '{"seat": 1, "cards": ["5D", "9D", "TC", "TS"], "starter": "2D", "breakdown": {"fifteens": 4, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 70}', NULL);
INSERT INTO public.event VALUES (8, 196, '2026-12-01 11:28:07.217043+00', 'CribShown', NULL, 'seat 1''s crib AH 2C 3C 5S + 2D: pairs 2, runs 6 = 8, score 78', '{"seat": 1, "cards": ["AH", "2C", "3C", "5S"], "starter": "2D", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 6, "flush": 0, "nobs": 0}, "score": 78}', NULL);
INSERT INTO public.event VALUES (8, 197, '2026-12-01 11:28:07.217043+00', 'HandDealt', NULL, 'game 1 hand 9: seat 0 deals 6 cards to each hand', '{"game": 1, "hand": 9, "dealer": 0, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (8, 198, '2026-12-01 11:28:07.217043+00', 'CardsDealt', 0, 'seat 0 is dealt AD 3C 4C 7H 8C KC', '{"seat": 0, "cards": ["AD", "3C", "4C", "7H", "8C", "KC"]}', NULL);
INSERT INTO public.event VALUES (8, 199, '2026-12-01 11:28:07.217043+00', 'CardsDealt', 1, 'seat 1 is dealt 4S 6H 8S 9S JS QS', '{"seat": 1, "cards": ["4S", "6H", "8S", "9S", "JS", "QS"]}', NULL);
INSERT INTO public.event VALUES (8, 200, '2026-12-01 11:28:07.269807+00', 'DiscardedCards', 0, 'seat 0 lays away 3C 8C', '{"seat": 0, "cards": ["3C", "8C"]}', NULL);
INSERT INTO public.event VALUES (8, 201, '2026-12-01 11:28:07.269807+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (8, 202, '2026-12-01 11:28:07.269807+00', 'DiscardedCards', 1, 'seat 1 lays away 4S 6H', '{"seat": 1, "cards": ["4S", "6H"]}', NULL);
INSERT INTO public.event VALUES (8, 203, '2026-12-01 11:28:07.269807+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (8, 204, '2026-12-01 11:28:07.269807+00', 'StarterTurned', NULL, 'starter: 3D', '{"card": "3D"}', NULL);
INSERT INTO public.event VALUES (8, 205, '2026-12-01 11:28:07.321968+00', 'Pegged', NULL, 'seat 1 plays 8S, count 8', '{"seat": 1, "card": "8S", "count": 8, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 78}', NULL);
INSERT INTO public.event VALUES (8, 206, '2026-12-01 11:28:07.323124+00', 'Pegged', NULL, 'seat 0 plays 4C, count 12', '{"seat": 0, "card": "4C", "count": 12, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 70}', NULL);
INSERT INTO public.event VALUES (9, 33, '2026-12-01 11:28:10.587068+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (9, 34, '2026-12-01 11:28:10.587068+00', 'StarterTurned', NULL, 'starter: 9D', '{"card": "9D"}', NULL);
INSERT INTO public.event VALUES (8, 207, '2026-12-01 11:28:07.374315+00', 'Pegged', NULL, 'seat 1 plays 9S, count 21', '{"seat": 1, "card": "9S", "count": 21, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 78}', NULL);
INSERT INTO public.event VALUES (8, 208, '2026-12-01 11:28:07.375371+00', 'Pegged', NULL, 'seat 0 plays KC, count 31: thirty-one 2 = 2, score 72', '{"seat": 0, "card": "KC", "count": 31, "breakdown": {"fifteen": 0, "thirty_one": 2, "pairs": 0, "run": 0}, "score": 72}', NULL);
INSERT INTO public.event VALUES (8, 209, '2026-12-01 11:28:07.375371+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (8, 210, '2026-12-01 11:28:07.426438+00', 'Pegged', NULL, 'seat 1 plays JS, count 10', '{"seat": 1, "card": "JS", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 78}', NULL);
INSERT INTO public.event VALUES (8, 211, '2026-12-01 11:28:07.427296+00', 'Pegged', NULL, 'seat 0 plays AD, count 11', '{"seat": 0, "card": "AD", "count": 11, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 72}', NULL);
INSERT INTO public.event VALUES (8, 212, '2026-12-01 11:28:07.42734+00', 'Pegged', NULL, 'seat 1 plays QS, count 21', '{"seat": 1, "card": "QS", "count": 21, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 78}', NULL);
INSERT INTO public.event VALUES (8, 213, '2026-12-01 11:28:07.427464+00', 'Pegged', NULL, 'seat 0 plays 7H, count 28', '{"seat": 0, "card": "7H", "count": 28, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 72}', NULL);
INSERT INTO public.event VALUES (8, 214, '2026-12-01 11:28:07.427464+00', 'LastCard', NULL, 'seat 0 pegs 1 for last card, score 73', '{"seat": 0, "score": 73, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (8, 215, '2026-12-01 11:28:07.427464+00', 'HandShown', NULL, 'seat 1 shows 8S 9S JS QS + 3D: flush 4 = 4, score 82', '{"seat": 1, "cards": ["8S", "9S", "JS", "QS"], "starter": "3D", "breakdown": {"fifteens": 0, "pairs": 0, "runs": 0, "flush": 4, "nobs": 0}, "score": 82}', NULL);
INSERT INTO public.event VALUES (8, 216, '2026-12-01 11:28:07.427464+00', 'HandShown', NULL, 'seat 0 shows AD 4C 7H KC + 3D: fifteens 4 = 4, score 77', '{"seat": 0, "cards": ["AD", "4C", "7H", "KC"], "starter": "3D", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 77}', NULL);
INSERT INTO public.event VALUES (8, 217, '2026-12-01 11:28:07.427464+00', 'CribShown', NULL, 'seat 0''s crib 3C 4S 6H 8C + 3D: fifteens 4, pairs 2 = 6, score 83', '{"seat": 0, "cards": ["3C", "4S", "6H", "8C"], "starter": "3D", "breakdown": {"fifteens": 4, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 83}', NULL);
INSERT INTO public.event VALUES (8, 218, '2026-12-01 11:28:07.427464+00', 'HandDealt', NULL, 'game 1 hand 10: seat 1 deals 6 cards to each hand', '{"game": 1, "hand": 10, "dealer": 1, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (8, 219, '2026-12-01 11:28:07.427464+00', 'CardsDealt', 0, 'seat 0 is dealt 5C 6D 8H TD JC KD', '{"seat": 0, "cards": ["5C", "6D", "8H", "TD", "JC", "KD"]}', NULL);
INSERT INTO public.event VALUES (8, 220, '2026-12-01 11:28:07.427464+00', 'CardsDealt', 1, 'seat 1 is dealt 4S 7D 7S 9C 9H QS', '{"seat": 1, "cards": ["4S", "7D", "7S", "9C", "9H", "QS"]}', NULL);
INSERT INTO public.event VALUES (8, 221, '2026-12-01 11:28:07.478964+00', 'DiscardedCards', 0, 'seat 0 lays away JC KD', '{"seat": 0, "cards": ["JC", "KD"]}', NULL);
INSERT INTO public.event VALUES (8, 222, '2026-12-01 11:28:07.478964+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (8, 223, '2026-12-01 11:28:07.478964+00', 'DiscardedCards', 1, 'seat 1 lays away 4S 7D', '{"seat": 1, "cards": ["4S", "7D"]}', NULL);
INSERT INTO public.event VALUES (8, 224, '2026-12-01 11:28:07.478964+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (8, 225, '2026-12-01 11:28:07.478964+00', 'StarterTurned', NULL, 'starter: KS', '{"card": "KS"}', NULL);
INSERT INTO public.event VALUES (8, 226, '2026-12-01 11:28:07.480029+00', 'Pegged', NULL, 'seat 0 plays TD, count 10', '{"seat": 0, "card": "TD", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 83}', NULL);
INSERT INTO public.event VALUES (8, 227, '2026-12-01 11:28:07.530661+00', 'Pegged', NULL, 'seat 1 plays 7S, count 17', '{"seat": 1, "card": "7S", "count": 17, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 82}', NULL);
INSERT INTO public.event VALUES (8, 228, '2026-12-01 11:28:07.531273+00', 'Pegged', NULL, 'seat 0 plays 8H, count 25', '{"seat": 0, "card": "8H", "count": 25, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 83}', NULL);
INSERT INTO public.event VALUES (8, 229, '2026-12-01 11:28:07.531273+00', 'Go', NULL, 'seat 1: go at 25', '{"seat": 1, "count": 25}', NULL);
INSERT INTO public.event VALUES (8, 230, '2026-12-01 11:28:07.532016+00', 'Pegged', NULL, 'seat 0 plays 6D, count 31: thirty-one 2, run of 3 = 5, score 88', '{"seat": 0, "card": "6D", "count": 31, "breakdown": {"fifteen": 0, "thirty_one": 2, "pairs": 0, "run": 3}, "score": 88}', NULL);
INSERT INTO public.event VALUES (8, 231, '2026-12-01 11:28:07.532016+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (8, 232, '2026-12-01 11:28:07.582862+00', 'Pegged', NULL, 'seat 1 plays 9C, count 9', '{"seat": 1, "card": "9C", "count": 9, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 82}', NULL);
INSERT INTO public.event VALUES (8, 233, '2026-12-01 11:28:07.582908+00', 'Pegged', NULL, 'seat 0 plays 5C, count 14', '{"seat": 0, "card": "5C", "count": 14, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 88}', NULL);
INSERT INTO public.event VALUES (8, 234, '2026-12-01 11:28:07.633767+00', 'Pegged', NULL, 'seat 1 plays 9H, count 23', '{"seat": 1, "card": "9H", "count": 23, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 82}', NULL);
INSERT INTO public.event VALUES (8, 235, '2026-12-01 11:28:07.633767+00', 'LastCard', NULL, 'seat 1 pegs 1 for the go, score 83', '{"seat": 1, "score": 83, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (8, 236, '2026-12-01 11:28:07.633767+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (8, 237, '2026-12-01 11:28:07.633913+00', 'Pegged', NULL, 'seat 1 plays QS, count 10', '{"seat": 1, "card": "QS", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 83}', NULL);
INSERT INTO public.event VALUES (8, 238, '2026-12-01 11:28:07.633913+00', 'LastCard', NULL, 'seat 1 pegs 1 for last card, score 84', '{"seat": 1, "score": 84, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (8, 239, '2026-12-01 11:28:07.633913+00', 'HandShown', NULL, 'seat 0 shows 5C 6D 8H TD + KS: fifteens 4 = 4, score 92', '{"seat": 0, "cards": ["5C", "6D", "8H", "TD"], "starter": "KS", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 92}', NULL);
INSERT INTO public.event VALUES (8, 240, '2026-12-01 11:28:07.633913+00', 'HandShown', NULL, 'seat 1 shows 7S 9C 9H QS + KS: pairs 2 = 2, score 86', '{"seat": 1, "cards": ["7S", "9C", "9H", "QS"], "starter": "KS", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 86}', NULL);
INSERT INTO public.event VALUES (8, 241, '2026-12-01 11:28:07.633913+00', 'CribShown', NULL, 'seat 1''s crib 4S 7D JC KD + KS: pairs 2 = 2, score 88', '{"seat": 1, "cards": ["4S", "7D", "JC", "KD"], "starter": "KS", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 88}', NULL);
INSERT INTO public.event VALUES (8, 242, '2026-12-01 11:28:07.633913+00', 'HandDealt', NULL, 'game 1 hand 11: seat 0 deals 6 cards to each hand', '{"game": 1, "hand": 11, "dealer": 0, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (8, 243, '2026-12-01 11:28:07.633913+00', 'CardsDealt', 0, 'seat 0 is dealt 5H 6H 8C 8D QC KC', '{"seat": 0, "cards": ["5H", "6H", "8C", "8D", "QC", "KC"]}', NULL);
INSERT INTO public.event VALUES (8, 244, '2026-12-01 11:28:07.633913+00', 'CardsDealt', 1, 'seat 1 is dealt 2D 4S 5C 5S 6S JC', '{"seat": 1, "cards": ["2D", "4S", "5C", "5S", "6S", "JC"]}', NULL);
INSERT INTO public.event VALUES (8, 245, '2026-12-01 11:28:07.686591+00', 'DiscardedCards', 0, 'seat 0 lays away 5H QC', '{"seat": 0, "cards": ["5H", "QC"]}', NULL);
INSERT INTO public.event VALUES (8, 246, '2026-12-01 11:28:07.686591+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (8, 247, '2026-12-01 11:28:07.686591+00', 'DiscardedCards', 1, 'seat 1 lays away 2D 4S', '{"seat": 1, "cards": ["2D", "4S"]}', NULL);
INSERT INTO public.event VALUES (8, 248, '2026-12-01 11:28:07.686591+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (8, 249, '2026-12-01 11:28:07.686591+00', 'StarterTurned', NULL, 'starter: 2C', '{"card": "2C"}', NULL);
INSERT INTO public.event VALUES (8, 250, '2026-12-01 11:28:07.738673+00', 'Pegged', NULL, 'seat 1 plays 5C, count 5', '{"seat": 1, "card": "5C", "count": 5, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 88}', NULL);
INSERT INTO public.event VALUES (8, 251, '2026-12-01 11:28:07.739803+00', 'Pegged', NULL, 'seat 0 plays KC, count 15: fifteen 2 = 2, score 94', '{"seat": 0, "card": "KC", "count": 15, "breakdown": {"fifteen": 2, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 94}', NULL);
INSERT INTO public.event VALUES (8, 252, '2026-12-01 11:28:07.79103+00', 'Pegged', NULL, 'seat 1 plays 5S, count 20', '{"seat": 1, "card": "5S", "count": 20, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 88}', NULL);
INSERT INTO public.event VALUES (9, 83, '2026-12-01 11:28:11.000379+00', 'StarterTurned', NULL, 'starter: JS', '{"card": "JS"}', NULL);
INSERT INTO public.event VALUES (8, 253, '2026-12-01 11:28:07.792228+00', 'Pegged', NULL, 'seat 0 plays 6H, count 26', '{"seat": 0, "card": "6H", "count": 26, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 94}', NULL);
INSERT INTO public.event VALUES (8, 254, '2026-12-01 11:28:07.792228+00', 'Go', NULL, 'seat 1: go at 26', '{"seat": 1, "count": 26}', NULL);
INSERT INTO public.event VALUES (8, 255, '2026-12-01 11:28:07.792228+00', 'LastCard', NULL, 'seat 0 pegs 1 for the go, score 95', '{"seat": 0, "score": 95, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (8, 256, '2026-12-01 11:28:07.792228+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (8, 257, '2026-12-01 11:28:07.84361+00', 'Pegged', NULL, 'seat 1 plays 6S, count 6', '{"seat": 1, "card": "6S", "count": 6, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 88}', NULL);
INSERT INTO public.event VALUES (8, 258, '2026-12-01 11:28:07.844305+00', 'Pegged', NULL, 'seat 0 plays 8D, count 14', '{"seat": 0, "card": "8D", "count": 14, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 95}', NULL);
INSERT INTO public.event VALUES (8, 259, '2026-12-01 11:28:07.84436+00', 'Pegged', NULL, 'seat 1 plays JC, count 24', '{"seat": 1, "card": "JC", "count": 24, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 88}', NULL);
INSERT INTO public.event VALUES (8, 260, '2026-12-01 11:28:07.84436+00', 'Go', NULL, 'seat 0: go at 24', '{"seat": 0, "count": 24}', NULL);
INSERT INTO public.event VALUES (8, 261, '2026-12-01 11:28:07.84436+00', 'LastCard', NULL, 'seat 1 pegs 1 for the go, score 89', '{"seat": 1, "score": 89, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (8, 262, '2026-12-01 11:28:07.84436+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (8, 263, '2026-12-01 11:28:07.844511+00', 'Pegged', NULL, 'seat 0 plays 8C, count 8', '{"seat": 0, "card": "8C", "count": 8, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 95}', NULL);
INSERT INTO public.event VALUES (8, 264, '2026-12-01 11:28:07.844511+00', 'LastCard', NULL, 'seat 0 pegs 1 for last card, score 96', '{"seat": 0, "score": 96, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (8, 265, '2026-12-01 11:28:07.844511+00', 'HandShown', NULL, 'seat 1 shows 5C 5S 6S JC + 2C: fifteens 4, pairs 2, nobs 1 = 7, score 96', '{"seat": 1, "cards": ["5C", "5S", "6S", "JC"], "starter": "2C", "breakdown": {"fifteens": 4, "pairs": 2, "runs": 0, "flush": 0, "nobs": 1}, "score": 96}', NULL);
INSERT INTO public.event VALUES (8, 266, '2026-12-01 11:28:07.844511+00', 'HandShown', NULL, 'seat 0 shows 6H 8C 8D KC + 2C: pairs 2 = 2, score 98', '{"seat": 0, "cards": ["6H", "8C", "8D", "KC"], "starter": "2C", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 98}', NULL);
INSERT INTO public.event VALUES (8, 267, '2026-12-01 11:28:07.844511+00', 'CribShown', NULL, 'seat 0''s crib 2D 4S 5H QC + 2C: fifteens 2, pairs 2 = 4, score 102', '{"seat": 0, "cards": ["2D", "4S", "5H", "QC"], "starter": "2C", "breakdown": {"fifteens": 2, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 102}', NULL);
INSERT INTO public.event VALUES (8, 268, '2026-12-01 11:28:07.844511+00', 'HandDealt', NULL, 'game 1 hand 12: seat 1 deals 6 cards to each hand', '{"game": 1, "hand": 12, "dealer": 1, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (8, 269, '2026-12-01 11:28:07.844511+00', 'CardsDealt', 0, 'seat 0 is dealt 3H 4S 6D 7S JH KS', '{"seat": 0, "cards": ["3H", "4S", "6D", "7S", "JH", "KS"]}', NULL);
INSERT INTO public.event VALUES (8, 270, '2026-12-01 11:28:07.844511+00', 'CardsDealt', 1, 'seat 1 is dealt AC 3S 6H 7D 8D KC', '{"seat": 1, "cards": ["AC", "3S", "6H", "7D", "8D", "KC"]}', NULL);
INSERT INTO public.event VALUES (8, 271, '2026-12-01 11:28:07.897005+00', 'DiscardedCards', 0, 'seat 0 lays away 3H 6D', '{"seat": 0, "cards": ["3H", "6D"]}', NULL);
INSERT INTO public.event VALUES (8, 272, '2026-12-01 11:28:07.897005+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (8, 273, '2026-12-01 11:28:07.897005+00', 'DiscardedCards', 1, 'seat 1 lays away AC 3S', '{"seat": 1, "cards": ["AC", "3S"]}', NULL);
INSERT INTO public.event VALUES (8, 274, '2026-12-01 11:28:07.897005+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (8, 275, '2026-12-01 11:28:07.897005+00', 'StarterTurned', NULL, 'starter: KH', '{"card": "KH"}', NULL);
INSERT INTO public.event VALUES (8, 276, '2026-12-01 11:28:07.898105+00', 'Pegged', NULL, 'seat 0 plays KS, count 10', '{"seat": 0, "card": "KS", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 102}', NULL);
INSERT INTO public.event VALUES (8, 277, '2026-12-01 11:28:07.949119+00', 'Pegged', NULL, 'seat 1 plays 6H, count 16', '{"seat": 1, "card": "6H", "count": 16, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 96}', NULL);
INSERT INTO public.event VALUES (8, 278, '2026-12-01 11:28:07.950126+00', 'Pegged', NULL, 'seat 0 plays JH, count 26', '{"seat": 0, "card": "JH", "count": 26, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 102}', NULL);
INSERT INTO public.event VALUES (8, 279, '2026-12-01 11:28:07.950126+00', 'Go', NULL, 'seat 1: go at 26', '{"seat": 1, "count": 26}', NULL);
INSERT INTO public.event VALUES (8, 280, '2026-12-01 11:28:07.95019+00', 'Pegged', NULL, 'seat 0 plays 4S, count 30', '{"seat": 0, "card": "4S", "count": 30, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 102}', NULL);
INSERT INTO public.event VALUES (8, 281, '2026-12-01 11:28:07.95019+00', 'LastCard', NULL, 'seat 0 pegs 1 for the go, score 103', '{"seat": 0, "score": 103, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (8, 282, '2026-12-01 11:28:07.95019+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (8, 283, '2026-12-01 11:28:08.001781+00', 'Pegged', NULL, 'seat 1 plays 7D, count 7', '{"seat": 1, "card": "7D", "count": 7, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 96}', NULL);
INSERT INTO public.event VALUES (8, 284, '2026-12-01 11:28:08.001857+00', 'Pegged', NULL, 'seat 0 plays 7S, count 14: pair 2 = 2, score 105', '{"seat": 0, "card": "7S", "count": 14, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 2, "run": 0}, "score": 105}', NULL);
INSERT INTO public.event VALUES (8, 285, '2026-12-01 11:28:08.052912+00', 'Pegged', NULL, 'seat 1 plays 8D, count 22', '{"seat": 1, "card": "8D", "count": 22, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 96}', NULL);
INSERT INTO public.event VALUES (8, 286, '2026-12-01 11:28:08.052912+00', 'LastCard', NULL, 'seat 1 pegs 1 for the go, score 97', '{"seat": 1, "score": 97, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (8, 287, '2026-12-01 11:28:08.052912+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (8, 288, '2026-12-01 11:28:08.053147+00', 'Pegged', NULL, 'seat 1 plays KC, count 10', '{"seat": 1, "card": "KC", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 97}', NULL);
INSERT INTO public.event VALUES (8, 289, '2026-12-01 11:28:08.053147+00', 'LastCard', NULL, 'seat 1 pegs 1 for last card, score 98', '{"seat": 1, "score": 98, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (8, 290, '2026-12-01 11:28:08.053147+00', 'HandShown', NULL, 'seat 0 shows 4S 7S JH KS + KH: pairs 2, nobs 1 = 3, score 108', '{"seat": 0, "cards": ["4S", "7S", "JH", "KS"], "starter": "KH", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 0, "flush": 0, "nobs": 1}, "score": 108}', NULL);
INSERT INTO public.event VALUES (8, 291, '2026-12-01 11:28:08.053147+00', 'HandShown', NULL, 'seat 1 shows 6H 7D 8D KC + KH: fifteens 2, pairs 2, runs 3 = 7, score 105', '{"seat": 1, "cards": ["6H", "7D", "8D", "KC"], "starter": "KH", "breakdown": {"fifteens": 2, "pairs": 2, "runs": 3, "flush": 0, "nobs": 0}, "score": 105}', NULL);
INSERT INTO public.event VALUES (8, 292, '2026-12-01 11:28:08.053147+00', 'CribShown', NULL, 'seat 1''s crib AC 3H 3S 6D + KH: pairs 2 = 2, score 107', '{"seat": 1, "cards": ["AC", "3H", "3S", "6D"], "starter": "KH", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 107}', NULL);
INSERT INTO public.event VALUES (8, 293, '2026-12-01 11:28:08.053147+00', 'HandDealt', NULL, 'game 1 hand 13: seat 0 deals 6 cards to each hand', '{"game": 1, "hand": 13, "dealer": 0, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (8, 294, '2026-12-01 11:28:08.053147+00', 'CardsDealt', 0, 'seat 0 is dealt AH 2C 3D 6S 9H QH', '{"seat": 0, "cards": ["AH", "2C", "3D", "6S", "9H", "QH"]}', NULL);
INSERT INTO public.event VALUES (8, 295, '2026-12-01 11:28:08.053147+00', 'CardsDealt', 1, 'seat 1 is dealt AD 3C 4H 9S JH QD', '{"seat": 1, "cards": ["AD", "3C", "4H", "9S", "JH", "QD"]}', NULL);
INSERT INTO public.event VALUES (8, 296, '2026-12-01 11:28:08.10577+00', 'DiscardedCards', 0, 'seat 0 lays away 2C QH', '{"seat": 0, "cards": ["2C", "QH"]}', NULL);
INSERT INTO public.event VALUES (8, 297, '2026-12-01 11:28:08.10577+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (8, 298, '2026-12-01 11:28:08.10577+00', 'DiscardedCards', 1, 'seat 1 lays away AD 3C', '{"seat": 1, "cards": ["AD", "3C"]}', NULL);
INSERT INTO public.event VALUES (8, 299, '2026-12-01 11:28:08.10577+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (8, 300, '2026-12-01 11:28:08.10577+00', 'StarterTurned', NULL, 'starter: 3S', '{"card": "3S"}', NULL);
INSERT INTO public.event VALUES (8, 301, '2026-12-01 11:28:08.156845+00', 'Pegged', NULL, 'seat 1 plays 4H, count 4', '{"seat": 1, "card": "4H", "count": 4, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 107}', NULL);
INSERT INTO public.event VALUES (8, 302, '2026-12-01 11:28:08.157516+00', 'Pegged', NULL, 'seat 0 plays 6S, count 10', '{"seat": 0, "card": "6S", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 108}', NULL);
INSERT INTO public.event VALUES (8, 303, '2026-12-01 11:28:08.209938+00', 'Pegged', NULL, 'seat 1 plays 9S, count 19', '{"seat": 1, "card": "9S", "count": 19, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 107}', NULL);
INSERT INTO public.event VALUES (8, 304, '2026-12-01 11:28:08.21106+00', 'Pegged', NULL, 'seat 0 plays 3D, count 22', '{"seat": 0, "card": "3D", "count": 22, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 108}', NULL);
INSERT INTO public.event VALUES (8, 305, '2026-12-01 11:28:08.21106+00', 'Go', NULL, 'seat 1: go at 22', '{"seat": 1, "count": 22}', NULL);
INSERT INTO public.event VALUES (8, 306, '2026-12-01 11:28:08.212034+00', 'Pegged', NULL, 'seat 0 plays 9H, count 31: thirty-one 2 = 2, score 110', '{"seat": 0, "card": "9H", "count": 31, "breakdown": {"fifteen": 0, "thirty_one": 2, "pairs": 0, "run": 0}, "score": 110}', NULL);
INSERT INTO public.event VALUES (8, 307, '2026-12-01 11:28:08.212034+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (8, 308, '2026-12-01 11:28:08.263949+00', 'Pegged', NULL, 'seat 1 plays JH, count 10', '{"seat": 1, "card": "JH", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 107}', NULL);
INSERT INTO public.event VALUES (8, 309, '2026-12-01 11:28:08.264014+00', 'Pegged', NULL, 'seat 0 plays AH, count 11', '{"seat": 0, "card": "AH", "count": 11, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 110}', NULL);
INSERT INTO public.event VALUES (8, 310, '2026-12-01 11:28:08.264156+00', 'Pegged', NULL, 'seat 1 plays QD, count 21', '{"seat": 1, "card": "QD", "count": 21, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 107}', NULL);
INSERT INTO public.event VALUES (8, 311, '2026-12-01 11:28:08.264156+00', 'LastCard', NULL, 'seat 1 pegs 1 for last card, score 108', '{"seat": 1, "score": 108, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (8, 312, '2026-12-01 11:28:08.264156+00', 'HandShown', NULL, 'seat 1 shows 4H 9S JH QD + 3S: nothing = 0, score 108', '{"seat": 1, "cards": ["4H", "9S", "JH", "QD"], "starter": "3S", "breakdown": {"fifteens": 0, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 108}', NULL);
INSERT INTO public.event VALUES (8, 313, '2026-12-01 11:28:08.264156+00', 'HandShown', NULL, 'seat 0 shows AH 3D 6S 9H + 3S: fifteens 4, pairs 2 = 6, score 116', '{"seat": 0, "cards": ["AH", "3D", "6S", "9H"], "starter": "3S", "breakdown": {"fifteens": 4, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 116}', NULL);
INSERT INTO public.event VALUES (8, 314, '2026-12-01 11:28:08.264156+00', 'CribShown', NULL, 'seat 0''s crib AD 2C 3C QH + 3S: fifteens 4, pairs 2, runs 6 = 12, score 121', '{"seat": 0, "cards": ["AD", "2C", "3C", "QH"], "starter": "3S", "breakdown": {"fifteens": 4, "pairs": 2, "runs": 6, "flush": 0, "nobs": 0}, "score": 121}', NULL);
INSERT INTO public.event VALUES (8, 315, '2026-12-01 11:28:08.264156+00', 'GameWon', NULL, 'game 1 won by seat 0, 121-108 (no skunk): 1 game point, match 1-0', '{"game": 1, "winner": 0, "scores": [121, 108], "skunk": "no skunk", "game_points": 1, "match": [1, 0]}', NULL);
INSERT INTO public.event VALUES (8, 316, '2026-12-01 11:28:08.264156+00', 'MatchEnded', NULL, 'match won by seat 0, game points 1-0', '{"winner": 0, "scores": [1, 0]}', NULL);
INSERT INTO public.event VALUES (9, 0, '2026-12-01 11:28:10.329067+00', 'CutForDeal', NULL, 'cut for deal: seat 0 9D, seat 1 QH: seat 0 deals', '{"cuts": [[0, "9D"], [1, "QH"]], "dealer": 0}', NULL);
INSERT INTO public.event VALUES (9, 1, '2026-12-01 11:28:10.329067+00', 'GameStarted', NULL, 'game 1 begins: seat 0 deals first (cut)', '{"game": 1, "dealer": 0, "reason": "cut"}', NULL);
INSERT INTO public.event VALUES (9, 2, '2026-12-01 11:28:10.329067+00', 'HandDealt', NULL, 'game 1 hand 1: seat 0 deals 6 cards to each hand', '{"game": 1, "hand": 1, "dealer": 0, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (9, 3, '2026-12-01 11:28:10.329067+00', 'CardsDealt', 0, 'seat 0 is dealt 5C 7S TD TS QC QS', '{"seat": 0, "cards": ["5C", "7S", "TD", "TS", "QC", "QS"]}', NULL);
INSERT INTO public.event VALUES (9, 4, '2026-12-01 11:28:10.329067+00', 'CardsDealt', 1, 'seat 1 is dealt AD 3H 9S JC KH KS', '{"seat": 1, "cards": ["AD", "3H", "9S", "JC", "KH", "KS"]}', NULL);
INSERT INTO public.event VALUES (9, 5, '2026-12-01 11:28:10.380758+00', 'DiscardedCards', 0, 'seat 0 lays away 5C 7S', '{"seat": 0, "cards": ["5C", "7S"]}', NULL);
INSERT INTO public.event VALUES (9, 6, '2026-12-01 11:28:10.380758+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (9, 7, '2026-12-01 11:28:10.380758+00', 'DiscardedCards', 1, 'seat 1 lays away KH KS', '{"seat": 1, "cards": ["KH", "KS"]}', NULL);
INSERT INTO public.event VALUES (9, 8, '2026-12-01 11:28:10.380758+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (9, 9, '2026-12-01 11:28:10.380758+00', 'StarterTurned', NULL, 'starter: AC', '{"card": "AC"}', NULL);
INSERT INTO public.event VALUES (9, 10, '2026-12-01 11:28:10.381598+00', 'Pegged', NULL, 'seat 1 plays 3H, count 3', '{"seat": 1, "card": "3H", "count": 3, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 0}', NULL);
INSERT INTO public.event VALUES (9, 11, '2026-12-01 11:28:10.432331+00', 'Pegged', NULL, 'seat 0 plays TD, count 13', '{"seat": 0, "card": "TD", "count": 13, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 0}', NULL);
INSERT INTO public.event VALUES (9, 12, '2026-12-01 11:28:10.433+00', 'Pegged', NULL, 'seat 1 plays JC, count 23', '{"seat": 1, "card": "JC", "count": 23, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 0}', NULL);
INSERT INTO public.event VALUES (9, 13, '2026-12-01 11:28:10.433+00', 'Go', NULL, 'seat 0: go at 23', '{"seat": 0, "count": 23}', NULL);
INSERT INTO public.event VALUES (9, 14, '2026-12-01 11:28:10.433084+00', 'Pegged', NULL, 'seat 1 plays AD, count 24', '{"seat": 1, "card": "AD", "count": 24, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 0}', NULL);
INSERT INTO public.event VALUES (9, 15, '2026-12-01 11:28:10.433084+00', 'LastCard', NULL, 'seat 1 pegs 1 for the go, score 1', '{"seat": 1, "score": 1, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (9, 16, '2026-12-01 11:28:10.433084+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (9, 17, '2026-12-01 11:28:10.484107+00', 'Pegged', NULL, 'seat 0 plays TS, count 10', '{"seat": 0, "card": "TS", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 0}', NULL);
INSERT INTO public.event VALUES (9, 18, '2026-12-01 11:28:10.484167+00', 'Pegged', NULL, 'seat 1 plays 9S, count 19', '{"seat": 1, "card": "9S", "count": 19, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 1}', NULL);
INSERT INTO public.event VALUES (9, 19, '2026-12-01 11:28:10.534985+00', 'Pegged', NULL, 'seat 0 plays QC, count 29', '{"seat": 0, "card": "QC", "count": 29, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 0}', NULL);
INSERT INTO public.event VALUES (9, 20, '2026-12-01 11:28:10.534985+00', 'LastCard', NULL, 'seat 0 pegs 1 for the go, score 1', '{"seat": 0, "score": 1, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (9, 21, '2026-12-01 11:28:10.534985+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (9, 22, '2026-12-01 11:28:10.535158+00', 'Pegged', NULL, 'seat 0 plays QS, count 10', '{"seat": 0, "card": "QS", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 1}', NULL);
INSERT INTO public.event VALUES (9, 23, '2026-12-01 11:28:10.535158+00', 'LastCard', NULL, 'seat 0 pegs 1 for last card, score 2', '{"seat": 0, "score": 2, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (9, 24, '2026-12-01 11:28:10.535158+00', 'HandShown', NULL, 'seat 1 shows AD 3H 9S JC + AC: fifteens 2, pairs 2, nobs 1 = 5, score 6', '{"seat": 1, "cards": ["AD", "3H", "9S", "JC"], "starter": "AC", "breakdown": {"fifteens": 2, "pairs": 2, "runs": 0, "flush": 0, "nobs": 1}, "score": 6}', NULL);
INSERT INTO public.event VALUES (9, 25, '2026-12-01 11:28:10.535158+00', 'HandShown', NULL, 'seat 0 shows TD TS QC QS + AC: pairs 4 = 4, score 6', '{"seat": 0, "cards": ["TD", "TS", "QC", "QS"], "starter": "AC", "breakdown": {"fifteens": 0, "pairs": 4, "runs": 0, "flush": 0, "nobs": 0}, "score": 6}', NULL);
INSERT INTO public.event VALUES (9, 26, '2026-12-01 11:28:10.535158+00', 'CribShown', NULL, 'seat 0''s crib 5C 7S KH KS + AC: fifteens 4, pairs 2 = 6, score 12', '{"seat": 0, "cards": ["5C", "7S", "KH", "KS"], "starter": "AC", "breakdown": {"fifteens": 4, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 12}', NULL);
INSERT INTO public.event VALUES (9, 27, '2026-12-01 11:28:10.535158+00', 'HandDealt', NULL, 'game 1 hand 2: seat 1 deals 6 cards to each hand', '{"game": 1, "hand": 2, "dealer": 1, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (9, 28, '2026-12-01 11:28:10.535158+00', 'CardsDealt', 0, 'seat 0 is dealt 3D 5C 7D 8C KD KS', '{"seat": 0, "cards": ["3D", "5C", "7D", "8C", "KD", "KS"]}', NULL);
INSERT INTO public.event VALUES (9, 29, '2026-12-01 11:28:10.535158+00', 'CardsDealt', 1, 'seat 1 is dealt AC AH 5S 7C 7H 9H', '{"seat": 1, "cards": ["AC", "AH", "5S", "7C", "7H", "9H"]}', NULL);
INSERT INTO public.event VALUES (9, 30, '2026-12-01 11:28:10.587068+00', 'DiscardedCards', 0, 'seat 0 lays away 3D 5C', '{"seat": 0, "cards": ["3D", "5C"]}', NULL);
INSERT INTO public.event VALUES (9, 31, '2026-12-01 11:28:10.587068+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (9, 35, '2026-12-01 11:28:10.638081+00', 'Pegged', NULL, 'seat 0 plays 7D, count 7', '{"seat": 0, "card": "7D", "count": 7, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 12}', NULL);
INSERT INTO public.event VALUES (9, 36, '2026-12-01 11:28:10.638736+00', 'Pegged', NULL, 'seat 1 plays AC, count 8', '{"seat": 1, "card": "AC", "count": 8, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 6}', NULL);
INSERT INTO public.event VALUES (9, 37, '2026-12-01 11:28:10.689422+00', 'Pegged', NULL, 'seat 0 plays 8C, count 16', '{"seat": 0, "card": "8C", "count": 16, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 12}', NULL);
INSERT INTO public.event VALUES (9, 38, '2026-12-01 11:28:10.690044+00', 'Pegged', NULL, 'seat 1 plays AH, count 17', '{"seat": 1, "card": "AH", "count": 17, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 6}', NULL);
INSERT INTO public.event VALUES (9, 39, '2026-12-01 11:28:10.740729+00', 'Pegged', NULL, 'seat 0 plays KD, count 27', '{"seat": 0, "card": "KD", "count": 27, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 12}', NULL);
INSERT INTO public.event VALUES (9, 40, '2026-12-01 11:28:10.740729+00', 'Go', NULL, 'seat 1: go at 27', '{"seat": 1, "count": 27}', NULL);
INSERT INTO public.event VALUES (9, 41, '2026-12-01 11:28:10.740729+00', 'LastCard', NULL, 'seat 0 pegs 1 for the go, score 13', '{"seat": 0, "score": 13, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (9, 42, '2026-12-01 11:28:10.740729+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (9, 43, '2026-12-01 11:28:10.741512+00', 'Pegged', NULL, 'seat 1 plays 5S, count 5', '{"seat": 1, "card": "5S", "count": 5, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 6}', NULL);
INSERT INTO public.event VALUES (9, 44, '2026-12-01 11:28:10.741558+00', 'Pegged', NULL, 'seat 0 plays KS, count 15: fifteen 2 = 2, score 15', '{"seat": 0, "card": "KS", "count": 15, "breakdown": {"fifteen": 2, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 15}', NULL);
INSERT INTO public.event VALUES (9, 45, '2026-12-01 11:28:10.741667+00', 'Pegged', NULL, 'seat 1 plays 7H, count 22', '{"seat": 1, "card": "7H", "count": 22, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 6}', NULL);
INSERT INTO public.event VALUES (9, 46, '2026-12-01 11:28:10.741667+00', 'LastCard', NULL, 'seat 1 pegs 1 for last card, score 7', '{"seat": 1, "score": 7, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (9, 47, '2026-12-01 11:28:10.741667+00', 'HandShown', NULL, 'seat 0 shows 7D 8C KD KS + 9D: fifteens 2, pairs 2, runs 3 = 7, score 22', '{"seat": 0, "cards": ["7D", "8C", "KD", "KS"], "starter": "9D", "breakdown": {"fifteens": 2, "pairs": 2, "runs": 3, "flush": 0, "nobs": 0}, "score": 22}', NULL);
INSERT INTO public.event VALUES (9, 48, '2026-12-01 11:28:10.741667+00', 'HandShown', NULL, 'seat 1 shows AC AH 5S 7H + 9D: fifteens 4, pairs 2 = 6, score 13', '{"seat": 1, "cards": ["AC", "AH", "5S", "7H"], "starter": "9D", "breakdown": {"fifteens": 4, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 13}', NULL);
INSERT INTO public.event VALUES (9, 49, '2026-12-01 11:28:10.741667+00', 'CribShown', NULL, 'seat 1''s crib 3D 5C 7C 9H + 9D: fifteens 2, pairs 2 = 4, score 17', '{"seat": 1, "cards": ["3D", "5C", "7C", "9H"], "starter": "9D", "breakdown": {"fifteens": 2, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 17}', NULL);
INSERT INTO public.event VALUES (9, 50, '2026-12-01 11:28:10.741667+00', 'HandDealt', NULL, 'game 1 hand 3: seat 0 deals 6 cards to each hand', '{"game": 1, "hand": 3, "dealer": 0, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (9, 51, '2026-12-01 11:28:10.741667+00', 'CardsDealt', 0, 'seat 0 is dealt 2S 4H 8H TD QH KS', '{"seat": 0, "cards": ["2S", "4H", "8H", "TD", "QH", "KS"]}', NULL);
INSERT INTO public.event VALUES (9, 52, '2026-12-01 11:28:10.741667+00', 'CardsDealt', 1, 'seat 1 is dealt 4S 8S 9C QD KC KD', '{"seat": 1, "cards": ["4S", "8S", "9C", "QD", "KC", "KD"]}', NULL);
INSERT INTO public.event VALUES (9, 53, '2026-12-01 11:28:10.793324+00', 'DiscardedCards', 0, 'seat 0 lays away 2S 4H', '{"seat": 0, "cards": ["2S", "4H"]}', NULL);
INSERT INTO public.event VALUES (9, 54, '2026-12-01 11:28:10.793324+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (9, 55, '2026-12-01 11:28:10.793324+00', 'DiscardedCards', 1, 'seat 1 lays away 4S KD', '{"seat": 1, "cards": ["4S", "KD"]}', NULL);
INSERT INTO public.event VALUES (9, 56, '2026-12-01 11:28:10.793324+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (9, 57, '2026-12-01 11:28:10.793324+00', 'StarterTurned', NULL, 'starter: TS', '{"card": "TS"}', NULL);
INSERT INTO public.event VALUES (9, 58, '2026-12-01 11:28:10.794132+00', 'Pegged', NULL, 'seat 1 plays 9C, count 9', '{"seat": 1, "card": "9C", "count": 9, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 17}', NULL);
INSERT INTO public.event VALUES (9, 59, '2026-12-01 11:28:10.84476+00', 'Pegged', NULL, 'seat 0 plays 8H, count 17', '{"seat": 0, "card": "8H", "count": 17, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 22}', NULL);
INSERT INTO public.event VALUES (9, 60, '2026-12-01 11:28:10.845343+00', 'Pegged', NULL, 'seat 1 plays QD, count 27', '{"seat": 1, "card": "QD", "count": 27, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 17}', NULL);
INSERT INTO public.event VALUES (9, 61, '2026-12-01 11:28:10.845343+00', 'Go', NULL, 'seat 0: go at 27', '{"seat": 0, "count": 27}', NULL);
INSERT INTO public.event VALUES (9, 62, '2026-12-01 11:28:10.845343+00', 'LastCard', NULL, 'seat 1 pegs 1 for the go, score 18', '{"seat": 1, "score": 18, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (9, 63, '2026-12-01 11:28:10.845343+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (9, 64, '2026-12-01 11:28:10.896204+00', 'Pegged', NULL, 'seat 0 plays TD, count 10', '{"seat": 0, "card": "TD", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 22}', NULL);
INSERT INTO public.event VALUES (9, 65, '2026-12-01 11:28:10.896805+00', 'Pegged', NULL, 'seat 1 plays 8S, count 18', '{"seat": 1, "card": "8S", "count": 18, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 18}', NULL);
INSERT INTO public.event VALUES (9, 66, '2026-12-01 11:28:10.948678+00', 'Pegged', NULL, 'seat 0 plays QH, count 28', '{"seat": 0, "card": "QH", "count": 28, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 22}', NULL);
INSERT INTO public.event VALUES (9, 67, '2026-12-01 11:28:10.948678+00', 'Go', NULL, 'seat 1: go at 28', '{"seat": 1, "count": 28}', NULL);
INSERT INTO public.event VALUES (9, 68, '2026-12-01 11:28:10.948678+00', 'LastCard', NULL, 'seat 0 pegs 1 for the go, score 23', '{"seat": 0, "score": 23, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (9, 69, '2026-12-01 11:28:10.948678+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (9, 70, '2026-12-01 11:28:10.948739+00', 'Pegged', NULL, 'seat 1 plays KC, count 10', '{"seat": 1, "card": "KC", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 18}', NULL);
INSERT INTO public.event VALUES (9, 71, '2026-12-01 11:28:10.948845+00', 'Pegged', NULL, 'seat 0 plays KS, count 20: pair 2 = 2, score 25', '{"seat": 0, "card": "KS", "count": 20, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 2, "run": 0}, "score": 25}', NULL);
INSERT INTO public.event VALUES (9, 72, '2026-12-01 11:28:10.948845+00', 'LastCard', NULL, 'seat 0 pegs 1 for last card, score 26', '{"seat": 0, "score": 26, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (9, 73, '2026-12-01 11:28:10.948845+00', 'HandShown', NULL, 'seat 1 shows 8S 9C QD KC + TS: runs 3 = 3, score 21', '{"seat": 1, "cards": ["8S", "9C", "QD", "KC"], "starter": "TS", "breakdown": {"fifteens": 0, "pairs": 0, "runs": 3, "flush": 0, "nobs": 0}, "score": 21}', NULL);
INSERT INTO public.event VALUES (9, 74, '2026-12-01 11:28:10.948845+00', 'HandShown', NULL, 'seat 0 shows 8H TD QH KS + TS: pairs 2 = 2, score 28', '{"seat": 0, "cards": ["8H", "TD", "QH", "KS"], "starter": "TS", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 28}', NULL);
INSERT INTO public.event VALUES (9, 75, '2026-12-01 11:28:10.948845+00', 'CribShown', NULL, 'seat 0''s crib 2S 4H 4S KD + TS: pairs 2 = 2, score 30', '{"seat": 0, "cards": ["2S", "4H", "4S", "KD"], "starter": "TS", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 30}', NULL);
INSERT INTO public.event VALUES (9, 76, '2026-12-01 11:28:10.948845+00', 'HandDealt', NULL, 'game 1 hand 4: seat 1 deals 6 cards to each hand', '{"game": 1, "hand": 4, "dealer": 1, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (9, 77, '2026-12-01 11:28:10.948845+00', 'CardsDealt', 0, 'seat 0 is dealt 5H 8D 9D TD JC KH', '{"seat": 0, "cards": ["5H", "8D", "9D", "TD", "JC", "KH"]}', NULL);
INSERT INTO public.event VALUES (9, 78, '2026-12-01 11:28:10.948845+00', 'CardsDealt', 1, 'seat 1 is dealt 2D 2S 3H 4C 7D KD', '{"seat": 1, "cards": ["2D", "2S", "3H", "4C", "7D", "KD"]}', NULL);
INSERT INTO public.event VALUES (9, 79, '2026-12-01 11:28:11.000379+00', 'DiscardedCards', 0, 'seat 0 lays away 5H 8D', '{"seat": 0, "cards": ["5H", "8D"]}', NULL);
INSERT INTO public.event VALUES (9, 80, '2026-12-01 11:28:11.000379+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (9, 81, '2026-12-01 11:28:11.000379+00', 'DiscardedCards', 1, 'seat 1 lays away 2S 4C', '{"seat": 1, "cards": ["2S", "4C"]}', NULL);
INSERT INTO public.event VALUES (9, 82, '2026-12-01 11:28:11.000379+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (9, 84, '2026-12-01 11:28:11.000379+00', 'HisHeels', NULL, 'his heels: seat 1 pegs 2, score 23', '{"seat": 1, "score": 23}', NULL);
INSERT INTO public.event VALUES (9, 85, '2026-12-01 11:28:11.051419+00', 'Pegged', NULL, 'seat 0 plays 9D, count 9', '{"seat": 0, "card": "9D", "count": 9, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 30}', NULL);
INSERT INTO public.event VALUES (9, 86, '2026-12-01 11:28:11.052006+00', 'Pegged', NULL, 'seat 1 plays 7D, count 16', '{"seat": 1, "card": "7D", "count": 16, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 23}', NULL);
INSERT INTO public.event VALUES (9, 87, '2026-12-01 11:28:11.10296+00', 'Pegged', NULL, 'seat 0 plays TD, count 26', '{"seat": 0, "card": "TD", "count": 26, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 30}', NULL);
INSERT INTO public.event VALUES (9, 88, '2026-12-01 11:28:11.103958+00', 'Pegged', NULL, 'seat 1 plays 3H, count 29', '{"seat": 1, "card": "3H", "count": 29, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 23}', NULL);
INSERT INTO public.event VALUES (9, 89, '2026-12-01 11:28:11.103958+00', 'Go', NULL, 'seat 0: go at 29', '{"seat": 0, "count": 29}', NULL);
INSERT INTO public.event VALUES (9, 90, '2026-12-01 11:28:11.104016+00', 'Pegged', NULL, 'seat 1 plays 2D, count 31: thirty-one 2 = 2, score 25', '{"seat": 1, "card": "2D", "count": 31, "breakdown": {"fifteen": 0, "thirty_one": 2, "pairs": 0, "run": 0}, "score": 25}', NULL);
INSERT INTO public.event VALUES (9, 91, '2026-12-01 11:28:11.104016+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (9, 92, '2026-12-01 11:28:11.155443+00', 'Pegged', NULL, 'seat 0 plays JC, count 10', '{"seat": 0, "card": "JC", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 30}', NULL);
INSERT INTO public.event VALUES (9, 93, '2026-12-01 11:28:11.155537+00', 'Pegged', NULL, 'seat 1 plays KD, count 20', '{"seat": 1, "card": "KD", "count": 20, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 25}', NULL);
INSERT INTO public.event VALUES (9, 94, '2026-12-01 11:28:11.155632+00', 'Pegged', NULL, 'seat 0 plays KH, count 30: pair 2 = 2, score 32', '{"seat": 0, "card": "KH", "count": 30, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 2, "run": 0}, "score": 32}', NULL);
INSERT INTO public.event VALUES (9, 95, '2026-12-01 11:28:11.155632+00', 'LastCard', NULL, 'seat 0 pegs 1 for last card, score 33', '{"seat": 0, "score": 33, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (9, 96, '2026-12-01 11:28:11.155632+00', 'HandShown', NULL, 'seat 0 shows 9D TD JC KH + JS: pairs 2, runs 6 = 8, score 41', '{"seat": 0, "cards": ["9D", "TD", "JC", "KH"], "starter": "JS", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 6, "flush": 0, "nobs": 0}, "score": 41}', NULL);
INSERT INTO public.event VALUES (9, 97, '2026-12-01 11:28:11.155632+00', 'HandShown', NULL, 'seat 1 shows 2D 3H 7D KD + JS: fifteens 4 = 4, score 29', '{"seat": 1, "cards": ["2D", "3H", "7D", "KD"], "starter": "JS", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 29}', NULL);
INSERT INTO public.event VALUES (9, 98, '2026-12-01 11:28:11.155632+00', 'CribShown', NULL, 'seat 1''s crib 2S 4C 5H 8D + JS: fifteens 4 = 4, score 33', '{"seat": 1, "cards": ["2S", "4C", "5H", "8D"], "starter": "JS", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 33}', NULL);
INSERT INTO public.event VALUES (9, 99, '2026-12-01 11:28:11.155632+00', 'HandDealt', NULL, 'game 1 hand 5: seat 0 deals 6 cards to each hand', '{"game": 1, "hand": 5, "dealer": 0, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (9, 100, '2026-12-01 11:28:11.155632+00', 'CardsDealt', 0, 'seat 0 is dealt AH 4H 4S 6H 8S JS', '{"seat": 0, "cards": ["AH", "4H", "4S", "6H", "8S", "JS"]}', NULL);
INSERT INTO public.event VALUES (9, 101, '2026-12-01 11:28:11.155632+00', 'CardsDealt', 1, 'seat 1 is dealt 3S 5D 8D 9C TS KH', '{"seat": 1, "cards": ["3S", "5D", "8D", "9C", "TS", "KH"]}', NULL);
INSERT INTO public.event VALUES (9, 102, '2026-12-01 11:28:11.207138+00', 'DiscardedCards', 0, 'seat 0 lays away AH 4H', '{"seat": 0, "cards": ["AH", "4H"]}', NULL);
INSERT INTO public.event VALUES (9, 103, '2026-12-01 11:28:11.207138+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (9, 104, '2026-12-01 11:28:11.207138+00', 'DiscardedCards', 1, 'seat 1 lays away 5D 9C', '{"seat": 1, "cards": ["5D", "9C"]}', NULL);
INSERT INTO public.event VALUES (9, 105, '2026-12-01 11:28:11.207138+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (9, 106, '2026-12-01 11:28:11.207138+00', 'StarterTurned', NULL, 'starter: 3C', '{"card": "3C"}', NULL);
INSERT INTO public.event VALUES (9, 107, '2026-12-01 11:28:11.207839+00', 'Pegged', NULL, 'seat 1 plays TS, count 10', '{"seat": 1, "card": "TS", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 33}', NULL);
INSERT INTO public.event VALUES (9, 108, '2026-12-01 11:28:11.258527+00', 'Pegged', NULL, 'seat 0 plays 4S, count 14', '{"seat": 0, "card": "4S", "count": 14, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 41}', NULL);
INSERT INTO public.event VALUES (9, 109, '2026-12-01 11:28:11.259131+00', 'Pegged', NULL, 'seat 1 plays KH, count 24', '{"seat": 1, "card": "KH", "count": 24, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 33}', NULL);
INSERT INTO public.event VALUES (9, 110, '2026-12-01 11:28:11.259186+00', 'Pegged', NULL, 'seat 0 plays 6H, count 30', '{"seat": 0, "card": "6H", "count": 30, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 41}', NULL);
INSERT INTO public.event VALUES (9, 111, '2026-12-01 11:28:11.259186+00', 'Go', NULL, 'seat 1: go at 30', '{"seat": 1, "count": 30}', NULL);
INSERT INTO public.event VALUES (9, 112, '2026-12-01 11:28:11.259186+00', 'LastCard', NULL, 'seat 0 pegs 1 for the go, score 42', '{"seat": 0, "score": 42, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (9, 113, '2026-12-01 11:28:11.259186+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (9, 114, '2026-12-01 11:28:11.259842+00', 'Pegged', NULL, 'seat 1 plays 3S, count 3', '{"seat": 1, "card": "3S", "count": 3, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 33}', NULL);
INSERT INTO public.event VALUES (9, 115, '2026-12-01 11:28:11.310538+00', 'Pegged', NULL, 'seat 0 plays 8S, count 11', '{"seat": 0, "card": "8S", "count": 11, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 42}', NULL);
INSERT INTO public.event VALUES (9, 116, '2026-12-01 11:28:11.310587+00', 'Pegged', NULL, 'seat 1 plays 8D, count 19: pair 2 = 2, score 35', '{"seat": 1, "card": "8D", "count": 19, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 2, "run": 0}, "score": 35}', NULL);
INSERT INTO public.event VALUES (9, 117, '2026-12-01 11:28:11.310683+00', 'Pegged', NULL, 'seat 0 plays JS, count 29', '{"seat": 0, "card": "JS", "count": 29, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 42}', NULL);
INSERT INTO public.event VALUES (9, 118, '2026-12-01 11:28:11.310683+00', 'LastCard', NULL, 'seat 0 pegs 1 for last card, score 43', '{"seat": 0, "score": 43, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (9, 119, '2026-12-01 11:28:11.310683+00', 'HandShown', NULL, 'seat 1 shows 3S 8D TS KH + 3C: pairs 2 = 2, score 37', '{"seat": 1, "cards": ["3S", "8D", "TS", "KH"], "starter": "3C", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 37}', NULL);
INSERT INTO public.event VALUES (9, 120, '2026-12-01 11:28:11.310683+00', 'HandShown', NULL, 'seat 0 shows 4S 6H 8S JS + 3C: fifteens 2 = 2, score 45', '{"seat": 0, "cards": ["4S", "6H", "8S", "JS"], "starter": "3C", "breakdown": {"fifteens": 2, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 45}', NULL);
INSERT INTO public.event VALUES (9, 121, '2026-12-01 11:28:11.310683+00', 'CribShown', NULL, 'seat 0''s crib AH 4H 5D 9C + 3C: fifteens 2, runs 3 = 5, score 50', '{"seat": 0, "cards": ["AH", "4H", "5D", "9C"], "starter": "3C", "breakdown": {"fifteens": 2, "pairs": 0, "runs": 3, "flush": 0, "nobs": 0}, "score": 50}', NULL);
INSERT INTO public.event VALUES (9, 122, '2026-12-01 11:28:11.310683+00', 'HandDealt', NULL, 'game 1 hand 6: seat 1 deals 6 cards to each hand', '{"game": 1, "hand": 6, "dealer": 1, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (9, 123, '2026-12-01 11:28:11.310683+00', 'CardsDealt', 0, 'seat 0 is dealt 2D TC JC JD JS QD', '{"seat": 0, "cards": ["2D", "TC", "JC", "JD", "JS", "QD"]}', NULL);
INSERT INTO public.event VALUES (9, 124, '2026-12-01 11:28:11.310683+00', 'CardsDealt', 1, 'seat 1 is dealt AH 2S 3D 4C 8D 8S', '{"seat": 1, "cards": ["AH", "2S", "3D", "4C", "8D", "8S"]}', NULL);
INSERT INTO public.event VALUES (9, 125, '2026-12-01 11:28:11.362174+00', 'DiscardedCards', 0, 'seat 0 lays away 2D TC', '{"seat": 0, "cards": ["2D", "TC"]}', NULL);
INSERT INTO public.event VALUES (9, 126, '2026-12-01 11:28:11.362174+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (9, 127, '2026-12-01 11:28:11.362174+00', 'DiscardedCards', 1, 'seat 1 lays away 2S 4C', '{"seat": 1, "cards": ["2S", "4C"]}', NULL);
INSERT INTO public.event VALUES (9, 128, '2026-12-01 11:28:11.362174+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (9, 129, '2026-12-01 11:28:11.362174+00', 'StarterTurned', NULL, 'starter: QC', '{"card": "QC"}', NULL);
INSERT INTO public.event VALUES (9, 130, '2026-12-01 11:28:11.413166+00', 'Pegged', NULL, 'seat 0 plays JC, count 10', '{"seat": 0, "card": "JC", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 50}', NULL);
INSERT INTO public.event VALUES (9, 131, '2026-12-01 11:28:11.41385+00', 'Pegged', NULL, 'seat 1 plays 3D, count 13', '{"seat": 1, "card": "3D", "count": 13, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 37}', NULL);
INSERT INTO public.event VALUES (9, 132, '2026-12-01 11:28:11.464722+00', 'Pegged', NULL, 'seat 0 plays JD, count 23', '{"seat": 0, "card": "JD", "count": 23, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 50}', NULL);
INSERT INTO public.event VALUES (9, 133, '2026-12-01 11:28:11.465569+00', 'Pegged', NULL, 'seat 1 plays 8D, count 31: thirty-one 2 = 2, score 39', '{"seat": 1, "card": "8D", "count": 31, "breakdown": {"fifteen": 0, "thirty_one": 2, "pairs": 0, "run": 0}, "score": 39}', NULL);
INSERT INTO public.event VALUES (9, 134, '2026-12-01 11:28:11.465569+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (9, 135, '2026-12-01 11:28:11.516438+00', 'Pegged', NULL, 'seat 0 plays JS, count 10', '{"seat": 0, "card": "JS", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 50}', NULL);
INSERT INTO public.event VALUES (9, 136, '2026-12-01 11:28:11.517043+00', 'Pegged', NULL, 'seat 1 plays AH, count 11', '{"seat": 1, "card": "AH", "count": 11, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 39}', NULL);
INSERT INTO public.event VALUES (9, 137, '2026-12-01 11:28:11.517085+00', 'Pegged', NULL, 'seat 0 plays QD, count 21', '{"seat": 0, "card": "QD", "count": 21, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 50}', NULL);
INSERT INTO public.event VALUES (9, 138, '2026-12-01 11:28:11.517279+00', 'Pegged', NULL, 'seat 1 plays 8S, count 29', '{"seat": 1, "card": "8S", "count": 29, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 39}', NULL);
INSERT INTO public.event VALUES (9, 139, '2026-12-01 11:28:11.517279+00', 'LastCard', NULL, 'seat 1 pegs 1 for last card, score 40', '{"seat": 1, "score": 40, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (9, 140, '2026-12-01 11:28:11.517279+00', 'HandShown', NULL, 'seat 0 shows JC JD JS QD + QC: pairs 8, nobs 1 = 9, score 59', '{"seat": 0, "cards": ["JC", "JD", "JS", "QD"], "starter": "QC", "breakdown": {"fifteens": 0, "pairs": 8, "runs": 0, "flush": 0, "nobs": 1}, "score": 59}', NULL);
INSERT INTO public.event VALUES (9, 141, '2026-12-01 11:28:11.517279+00', 'HandShown', NULL, 'seat 1 shows AH 3D 8D 8S + QC: pairs 2 = 2, score 42', '{"seat": 1, "cards": ["AH", "3D", "8D", "8S"], "starter": "QC", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 42}', NULL);
INSERT INTO public.event VALUES (9, 142, '2026-12-01 11:28:11.517279+00', 'CribShown', NULL, 'seat 1''s crib 2D 2S 4C TC + QC: pairs 2 = 2, score 44', '{"seat": 1, "cards": ["2D", "2S", "4C", "TC"], "starter": "QC", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 44}', NULL);
INSERT INTO public.event VALUES (9, 143, '2026-12-01 11:28:11.517279+00', 'HandDealt', NULL, 'game 1 hand 7: seat 0 deals 6 cards to each hand', '{"game": 1, "hand": 7, "dealer": 0, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (9, 144, '2026-12-01 11:28:11.517279+00', 'CardsDealt', 0, 'seat 0 is dealt AD 3C 3D 8S 9S KS', '{"seat": 0, "cards": ["AD", "3C", "3D", "8S", "9S", "KS"]}', NULL);
INSERT INTO public.event VALUES (9, 145, '2026-12-01 11:28:11.517279+00', 'CardsDealt', 1, 'seat 1 is dealt 3H 5S 6S 7C TD QH', '{"seat": 1, "cards": ["3H", "5S", "6S", "7C", "TD", "QH"]}', NULL);
INSERT INTO public.event VALUES (9, 146, '2026-12-01 11:28:11.568922+00', 'DiscardedCards', 0, 'seat 0 lays away AD 3C', '{"seat": 0, "cards": ["AD", "3C"]}', NULL);
INSERT INTO public.event VALUES (9, 147, '2026-12-01 11:28:11.568922+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (9, 148, '2026-12-01 11:28:11.568922+00', 'DiscardedCards', 1, 'seat 1 lays away 3H 6S', '{"seat": 1, "cards": ["3H", "6S"]}', NULL);
INSERT INTO public.event VALUES (9, 149, '2026-12-01 11:28:11.568922+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (9, 150, '2026-12-01 11:28:11.568922+00', 'StarterTurned', NULL, 'starter: 9H', '{"card": "9H"}', NULL);
INSERT INTO public.event VALUES (9, 151, '2026-12-01 11:28:11.569708+00', 'Pegged', NULL, 'seat 1 plays 7C, count 7', '{"seat": 1, "card": "7C", "count": 7, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 44}', NULL);
INSERT INTO public.event VALUES (9, 152, '2026-12-01 11:28:11.620893+00', 'Pegged', NULL, 'seat 0 plays 3D, count 10', '{"seat": 0, "card": "3D", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 59}', NULL);
INSERT INTO public.event VALUES (9, 153, '2026-12-01 11:28:11.622267+00', 'Pegged', NULL, 'seat 1 plays QH, count 20', '{"seat": 1, "card": "QH", "count": 20, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 44}', NULL);
INSERT INTO public.event VALUES (9, 154, '2026-12-01 11:28:11.673656+00', 'Pegged', NULL, 'seat 0 plays 8S, count 28', '{"seat": 0, "card": "8S", "count": 28, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 59}', NULL);
INSERT INTO public.event VALUES (9, 155, '2026-12-01 11:28:11.673656+00', 'Go', NULL, 'seat 1: go at 28', '{"seat": 1, "count": 28}', NULL);
INSERT INTO public.event VALUES (9, 156, '2026-12-01 11:28:11.673656+00', 'LastCard', NULL, 'seat 0 pegs 1 for the go, score 60', '{"seat": 0, "score": 60, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (9, 157, '2026-12-01 11:28:11.673656+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (9, 158, '2026-12-01 11:28:11.674892+00', 'Pegged', NULL, 'seat 1 plays TD, count 10', '{"seat": 1, "card": "TD", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 44}', NULL);
INSERT INTO public.event VALUES (9, 159, '2026-12-01 11:28:11.726023+00', 'Pegged', NULL, 'seat 0 plays 9S, count 19', '{"seat": 0, "card": "9S", "count": 19, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 60}', NULL);
INSERT INTO public.event VALUES (9, 160, '2026-12-01 11:28:11.726146+00', 'Pegged', NULL, 'seat 1 plays 5S, count 24', '{"seat": 1, "card": "5S", "count": 24, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 44}', NULL);
INSERT INTO public.event VALUES (9, 161, '2026-12-01 11:28:11.726146+00', 'Go', NULL, 'seat 0: go at 24', '{"seat": 0, "count": 24}', NULL);
INSERT INTO public.event VALUES (9, 162, '2026-12-01 11:28:11.726146+00', 'LastCard', NULL, 'seat 1 pegs 1 for the go, score 45', '{"seat": 1, "score": 45, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (9, 163, '2026-12-01 11:28:11.726146+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (9, 164, '2026-12-01 11:28:11.726304+00', 'Pegged', NULL, 'seat 0 plays KS, count 10', '{"seat": 0, "card": "KS", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 60}', NULL);
INSERT INTO public.event VALUES (9, 165, '2026-12-01 11:28:11.726304+00', 'LastCard', NULL, 'seat 0 pegs 1 for last card, score 61', '{"seat": 0, "score": 61, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (9, 166, '2026-12-01 11:28:11.726304+00', 'HandShown', NULL, 'seat 1 shows 5S 7C TD QH + 9H: fifteens 4 = 4, score 49', '{"seat": 1, "cards": ["5S", "7C", "TD", "QH"], "starter": "9H", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 49}', NULL);
INSERT INTO public.event VALUES (9, 167, '2026-12-01 11:28:11.726304+00', 'HandShown', NULL, 'seat 0 shows 3D 8S 9S KS + 9H: pairs 2 = 2, score 63', '{"seat": 0, "cards": ["3D", "8S", "9S", "KS"], "starter": "9H", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 63}', NULL);
INSERT INTO public.event VALUES (9, 168, '2026-12-01 11:28:11.726304+00', 'CribShown', NULL, 'seat 0''s crib AD 3C 3H 6S + 9H: fifteens 4, pairs 2 = 6, score 69', '{"seat": 0, "cards": ["AD", "3C", "3H", "6S"], "starter": "9H", "breakdown": {"fifteens": 4, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 69}', NULL);
INSERT INTO public.event VALUES (9, 169, '2026-12-01 11:28:11.726304+00', 'HandDealt', NULL, 'game 1 hand 8: seat 1 deals 6 cards to each hand', '{"game": 1, "hand": 8, "dealer": 1, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (9, 170, '2026-12-01 11:28:11.726304+00', 'CardsDealt', 0, 'seat 0 is dealt AD 3S 4H 6S TH QC', '{"seat": 0, "cards": ["AD", "3S", "4H", "6S", "TH", "QC"]}', NULL);
INSERT INTO public.event VALUES (9, 171, '2026-12-01 11:28:11.726304+00', 'CardsDealt', 1, 'seat 1 is dealt AH AS 3C 5D 8D JS', '{"seat": 1, "cards": ["AH", "AS", "3C", "5D", "8D", "JS"]}', NULL);
INSERT INTO public.event VALUES (9, 172, '2026-12-01 11:28:11.778499+00', 'DiscardedCards', 0, 'seat 0 lays away AD 3S', '{"seat": 0, "cards": ["AD", "3S"]}', NULL);
INSERT INTO public.event VALUES (9, 173, '2026-12-01 11:28:11.778499+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (9, 174, '2026-12-01 11:28:11.778499+00', 'DiscardedCards', 1, 'seat 1 lays away AH 5D', '{"seat": 1, "cards": ["AH", "5D"]}', NULL);
INSERT INTO public.event VALUES (9, 175, '2026-12-01 11:28:11.778499+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (9, 176, '2026-12-01 11:28:11.778499+00', 'StarterTurned', NULL, 'starter: KC', '{"card": "KC"}', NULL);
INSERT INTO public.event VALUES (9, 177, '2026-12-01 11:28:11.829546+00', 'Pegged', NULL, 'seat 0 plays 4H, count 4', '{"seat": 0, "card": "4H", "count": 4, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 69}', NULL);
INSERT INTO public.event VALUES (9, 178, '2026-12-01 11:28:11.830241+00', 'Pegged', NULL, 'seat 1 plays 8D, count 12', '{"seat": 1, "card": "8D", "count": 12, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 49}', NULL);
INSERT INTO public.event VALUES (9, 179, '2026-12-01 11:28:11.880918+00', 'Pegged', NULL, 'seat 0 plays 6S, count 18', '{"seat": 0, "card": "6S", "count": 18, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 69}', NULL);
INSERT INTO public.event VALUES (9, 180, '2026-12-01 11:28:11.881537+00', 'Pegged', NULL, 'seat 1 plays JS, count 28', '{"seat": 1, "card": "JS", "count": 28, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 49}', NULL);
INSERT INTO public.event VALUES (9, 181, '2026-12-01 11:28:11.881537+00', 'Go', NULL, 'seat 0: go at 28', '{"seat": 0, "count": 28}', NULL);
INSERT INTO public.event VALUES (9, 182, '2026-12-01 11:28:11.882108+00', 'Pegged', NULL, 'seat 1 plays 3C, count 31: thirty-one 2 = 2, score 51', '{"seat": 1, "card": "3C", "count": 31, "breakdown": {"fifteen": 0, "thirty_one": 2, "pairs": 0, "run": 0}, "score": 51}', NULL);
INSERT INTO public.event VALUES (9, 183, '2026-12-01 11:28:11.882108+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (9, 184, '2026-12-01 11:28:11.932809+00', 'Pegged', NULL, 'seat 0 plays TH, count 10', '{"seat": 0, "card": "TH", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 69}', NULL);
INSERT INTO public.event VALUES (9, 185, '2026-12-01 11:28:11.932856+00', 'Pegged', NULL, 'seat 1 plays AS, count 11', '{"seat": 1, "card": "AS", "count": 11, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 51}', NULL);
INSERT INTO public.event VALUES (9, 186, '2026-12-01 11:28:11.932978+00', 'Pegged', NULL, 'seat 0 plays QC, count 21', '{"seat": 0, "card": "QC", "count": 21, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 69}', NULL);
INSERT INTO public.event VALUES (9, 187, '2026-12-01 11:28:11.932978+00', 'LastCard', NULL, 'seat 0 pegs 1 for last card, score 70', '{"seat": 0, "score": 70, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (9, 188, '2026-12-01 11:28:11.932978+00', 'HandShown', NULL, 'seat 0 shows 4H 6S TH QC + KC: nothing = 0, score 70', '{"seat": 0, "cards": ["4H", "6S", "TH", "QC"], "starter": "KC", "breakdown": {"fifteens": 0, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 70}', NULL);
INSERT INTO public.event VALUES (9, 189, '2026-12-01 11:28:11.932978+00', 'HandShown', NULL, 'seat 1 shows AS 3C 8D JS + KC: nothing = 0, score 51', '{"seat": 1, "cards": ["AS", "3C", "8D", "JS"], "starter": "KC", "breakdown": {"fifteens": 0, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 51}', NULL);
INSERT INTO public.event VALUES (9, 190, '2026-12-01 11:28:11.932978+00', 'CribShown', NULL, 'seat 1''s crib AD AH 3S 5D + KC: fifteens 4, pairs 2 = 6, score 57', '{"seat": 1, "cards": ["AD", "AH", "3S", "5D"], "starter": "KC", "breakdown": {"fifteens": 4, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 57}', NULL);
INSERT INTO public.event VALUES (9, 191, '2026-12-01 11:28:11.932978+00', 'HandDealt', NULL, 'game 1 hand 9: seat 0 deals 6 cards to each hand', '{"game": 1, "hand": 9, "dealer": 0, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (9, 192, '2026-12-01 11:28:11.932978+00', 'CardsDealt', 0, 'seat 0 is dealt AC 3H 7S 8S QH KD', '{"seat": 0, "cards": ["AC", "3H", "7S", "8S", "QH", "KD"]}', NULL);
INSERT INTO public.event VALUES (9, 193, '2026-12-01 11:28:11.932978+00', 'CardsDealt', 1, 'seat 1 is dealt AD AH 4C 6C 8C TH', '{"seat": 1, "cards": ["AD", "AH", "4C", "6C", "8C", "TH"]}', NULL);
INSERT INTO public.event VALUES (9, 194, '2026-12-01 11:28:11.985005+00', 'DiscardedCards', 0, 'seat 0 lays away AC 3H', '{"seat": 0, "cards": ["AC", "3H"]}', NULL);
INSERT INTO public.event VALUES (9, 195, '2026-12-01 11:28:11.985005+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (9, 196, '2026-12-01 11:28:11.985005+00', 'DiscardedCards', 1, 'seat 1 lays away AD 4C', '{"seat": 1, "cards": ["AD", "4C"]}', NULL);
INSERT INTO public.event VALUES (9, 197, '2026-12-01 11:28:11.985005+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (9, 198, '2026-12-01 11:28:11.985005+00', 'StarterTurned', NULL, 'starter: JH', '{"card": "JH"}', NULL);
INSERT INTO public.event VALUES (9, 199, '2026-12-01 11:28:11.985005+00', 'HisHeels', NULL, 'his heels: seat 0 pegs 2, score 72', '{"seat": 0, "score": 72}', NULL);
INSERT INTO public.event VALUES (9, 200, '2026-12-01 11:28:11.986061+00', 'Pegged', NULL, 'seat 1 plays 8C, count 8', '{"seat": 1, "card": "8C", "count": 8, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 57}', NULL);
INSERT INTO public.event VALUES (9, 201, '2026-12-01 11:28:12.037126+00', 'Pegged', NULL, 'seat 0 plays 7S, count 15: fifteen 2 = 2, score 74', '{"seat": 0, "card": "7S", "count": 15, "breakdown": {"fifteen": 2, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 74}', NULL);
INSERT INTO public.event VALUES (9, 202, '2026-12-01 11:28:12.038003+00', 'Pegged', NULL, 'seat 1 plays TH, count 25', '{"seat": 1, "card": "TH", "count": 25, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 57}', NULL);
INSERT INTO public.event VALUES (9, 203, '2026-12-01 11:28:12.038003+00', 'Go', NULL, 'seat 0: go at 25', '{"seat": 0, "count": 25}', NULL);
INSERT INTO public.event VALUES (9, 204, '2026-12-01 11:28:12.038591+00', 'Pegged', NULL, 'seat 1 plays 6C, count 31: thirty-one 2 = 2, score 59', '{"seat": 1, "card": "6C", "count": 31, "breakdown": {"fifteen": 0, "thirty_one": 2, "pairs": 0, "run": 0}, "score": 59}', NULL);
INSERT INTO public.event VALUES (9, 205, '2026-12-01 11:28:12.038591+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (9, 206, '2026-12-01 11:28:12.089632+00', 'Pegged', NULL, 'seat 0 plays 8S, count 8', '{"seat": 0, "card": "8S", "count": 8, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 74}', NULL);
INSERT INTO public.event VALUES (9, 207, '2026-12-01 11:28:12.089718+00', 'Pegged', NULL, 'seat 1 plays AH, count 9', '{"seat": 1, "card": "AH", "count": 9, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 59}', NULL);
INSERT INTO public.event VALUES (9, 208, '2026-12-01 11:28:12.140796+00', 'Pegged', NULL, 'seat 0 plays QH, count 19', '{"seat": 0, "card": "QH", "count": 19, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 74}', NULL);
INSERT INTO public.event VALUES (9, 209, '2026-12-01 11:28:12.140987+00', 'Pegged', NULL, 'seat 0 plays KD, count 29', '{"seat": 0, "card": "KD", "count": 29, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 74}', NULL);
INSERT INTO public.event VALUES (9, 210, '2026-12-01 11:28:12.140987+00', 'LastCard', NULL, 'seat 0 pegs 1 for last card, score 75', '{"seat": 0, "score": 75, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (9, 211, '2026-12-01 11:28:12.140987+00', 'HandShown', NULL, 'seat 1 shows AH 6C 8C TH + JH: fifteens 2 = 2, score 61', '{"seat": 1, "cards": ["AH", "6C", "8C", "TH"], "starter": "JH", "breakdown": {"fifteens": 2, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 61}', NULL);
INSERT INTO public.event VALUES (9, 212, '2026-12-01 11:28:12.140987+00', 'HandShown', NULL, 'seat 0 shows 7S 8S QH KD + JH: fifteens 2, runs 3 = 5, score 80', '{"seat": 0, "cards": ["7S", "8S", "QH", "KD"], "starter": "JH", "breakdown": {"fifteens": 2, "pairs": 0, "runs": 3, "flush": 0, "nobs": 0}, "score": 80}', NULL);
INSERT INTO public.event VALUES (9, 213, '2026-12-01 11:28:12.140987+00', 'CribShown', NULL, 'seat 0''s crib AC AD 3H 4C + JH: fifteens 6, pairs 2 = 8, score 88', '{"seat": 0, "cards": ["AC", "AD", "3H", "4C"], "starter": "JH", "breakdown": {"fifteens": 6, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 88}', NULL);
INSERT INTO public.event VALUES (9, 214, '2026-12-01 11:28:12.140987+00', 'HandDealt', NULL, 'game 1 hand 10: seat 1 deals 6 cards to each hand', '{"game": 1, "hand": 10, "dealer": 1, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (9, 215, '2026-12-01 11:28:12.140987+00', 'CardsDealt', 0, 'seat 0 is dealt 2H 6S TH JS QC KD', '{"seat": 0, "cards": ["2H", "6S", "TH", "JS", "QC", "KD"]}', NULL);
INSERT INTO public.event VALUES (9, 216, '2026-12-01 11:28:12.140987+00', 'CardsDealt', 1, 'seat 1 is dealt 2C 3C 4S 6D 8C QS', '{"seat": 1, "cards": ["2C", "3C", "4S", "6D", "8C", "QS"]}', NULL);
INSERT INTO public.event VALUES (9, 217, '2026-12-01 11:28:12.193126+00', 'DiscardedCards', 0, 'seat 0 lays away 2H 6S', '{"seat": 0, "cards": ["2H", "6S"]}', NULL);
INSERT INTO public.event VALUES (9, 218, '2026-12-01 11:28:12.193126+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (9, 219, '2026-12-01 11:28:12.193126+00', 'DiscardedCards', 1, 'seat 1 lays away 3C 4S', '{"seat": 1, "cards": ["3C", "4S"]}', NULL);
INSERT INTO public.event VALUES (9, 220, '2026-12-01 11:28:12.193126+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (9, 221, '2026-12-01 11:28:12.193126+00', 'StarterTurned', NULL, 'starter: JC', '{"card": "JC"}', NULL);
INSERT INTO public.event VALUES (9, 222, '2026-12-01 11:28:12.193126+00', 'HisHeels', NULL, 'his heels: seat 1 pegs 2, score 63', '{"seat": 1, "score": 63}', NULL);
INSERT INTO public.event VALUES (9, 223, '2026-12-01 11:28:12.24436+00', 'Pegged', NULL, 'seat 0 plays TH, count 10', '{"seat": 0, "card": "TH", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 88}', NULL);
INSERT INTO public.event VALUES (9, 224, '2026-12-01 11:28:12.245103+00', 'Pegged', NULL, 'seat 1 plays 6D, count 16', '{"seat": 1, "card": "6D", "count": 16, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 63}', NULL);
INSERT INTO public.event VALUES (9, 225, '2026-12-01 11:28:12.296058+00', 'Pegged', NULL, 'seat 0 plays JS, count 26', '{"seat": 0, "card": "JS", "count": 26, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 88}', NULL);
INSERT INTO public.event VALUES (9, 226, '2026-12-01 11:28:12.296167+00', 'Pegged', NULL, 'seat 1 plays 2C, count 28', '{"seat": 1, "card": "2C", "count": 28, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 63}', NULL);
INSERT INTO public.event VALUES (9, 227, '2026-12-01 11:28:12.296167+00', 'Go', NULL, 'seat 0: go at 28', '{"seat": 0, "count": 28}', NULL);
INSERT INTO public.event VALUES (9, 228, '2026-12-01 11:28:12.296167+00', 'LastCard', NULL, 'seat 1 pegs 1 for the go, score 64', '{"seat": 1, "score": 64, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (9, 229, '2026-12-01 11:28:12.296167+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (9, 230, '2026-12-01 11:28:12.348041+00', 'Pegged', NULL, 'seat 0 plays QC, count 10', '{"seat": 0, "card": "QC", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 88}', NULL);
INSERT INTO public.event VALUES (9, 231, '2026-12-01 11:28:12.348966+00', 'Pegged', NULL, 'seat 1 plays 8C, count 18', '{"seat": 1, "card": "8C", "count": 18, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 64}', NULL);
INSERT INTO public.event VALUES (9, 232, '2026-12-01 11:28:12.34903+00', 'Pegged', NULL, 'seat 0 plays KD, count 28', '{"seat": 0, "card": "KD", "count": 28, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 88}', NULL);
INSERT INTO public.event VALUES (9, 233, '2026-12-01 11:28:12.34903+00', 'Go', NULL, 'seat 1: go at 28', '{"seat": 1, "count": 28}', NULL);
INSERT INTO public.event VALUES (9, 234, '2026-12-01 11:28:12.34903+00', 'LastCard', NULL, 'seat 0 pegs 1 for the go, score 89', '{"seat": 0, "score": 89, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (9, 235, '2026-12-01 11:28:12.34903+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (9, 236, '2026-12-01 11:28:12.349177+00', 'Pegged', NULL, 'seat 1 plays QS, count 10', '{"seat": 1, "card": "QS", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 64}', NULL);
INSERT INTO public.event VALUES (9, 237, '2026-12-01 11:28:12.349177+00', 'LastCard', NULL, 'seat 1 pegs 1 for last card, score 65', '{"seat": 1, "score": 65, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (9, 238, '2026-12-01 11:28:12.349177+00', 'HandShown', NULL, 'seat 0 shows TH JS QC KD + JC: pairs 2, runs 8 = 10, score 99', '{"seat": 0, "cards": ["TH", "JS", "QC", "KD"], "starter": "JC", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 8, "flush": 0, "nobs": 0}, "score": 99}', NULL);
INSERT INTO public.event VALUES (9, 239, '2026-12-01 11:28:12.349177+00', 'HandShown', NULL, 'seat 1 shows 2C 6D 8C QS + JC: nothing = 0, score 65', '{"seat": 1, "cards": ["2C", "6D", "8C", "QS"], "starter": "JC", "breakdown": {"fifteens": 0, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}, "score": 65}', NULL);
INSERT INTO public.event VALUES (9, 240, '2026-12-01 11:28:12.349177+00', 'CribShown', NULL, 'seat 1''s crib 2H 3C 4S 6S + JC: fifteens 4, runs 3 = 7, score 72', '{"seat": 1, "cards": ["2H", "3C", "4S", "6S"], "starter": "JC", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 3, "flush": 0, "nobs": 0}, "score": 72}', NULL);
INSERT INTO public.event VALUES (9, 241, '2026-12-01 11:28:12.349177+00', 'HandDealt', NULL, 'game 1 hand 11: seat 0 deals 6 cards to each hand', '{"game": 1, "hand": 11, "dealer": 0, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (9, 242, '2026-12-01 11:28:12.349177+00', 'CardsDealt', 0, 'seat 0 is dealt 7C 7S TH QC KC KS', '{"seat": 0, "cards": ["7C", "7S", "TH", "QC", "KC", "KS"]}', NULL);
INSERT INTO public.event VALUES (9, 243, '2026-12-01 11:28:12.349177+00', 'CardsDealt', 1, 'seat 1 is dealt 3S 4H 5D 8C 9D TD', '{"seat": 1, "cards": ["3S", "4H", "5D", "8C", "9D", "TD"]}', NULL);
INSERT INTO public.event VALUES (9, 244, '2026-12-01 11:28:12.401251+00', 'DiscardedCards', 0, 'seat 0 lays away 7C 7S', '{"seat": 0, "cards": ["7C", "7S"]}', NULL);
INSERT INTO public.event VALUES (9, 245, '2026-12-01 11:28:12.401251+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (9, 246, '2026-12-01 11:28:12.401251+00', 'DiscardedCards', 1, 'seat 1 lays away 3S 9D', '{"seat": 1, "cards": ["3S", "9D"]}', NULL);
INSERT INTO public.event VALUES (9, 247, '2026-12-01 11:28:12.401251+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (9, 248, '2026-12-01 11:28:12.401251+00', 'StarterTurned', NULL, 'starter: 4D', '{"card": "4D"}', NULL);
INSERT INTO public.event VALUES (9, 249, '2026-12-01 11:28:12.40236+00', 'Pegged', NULL, 'seat 1 plays 4H, count 4', '{"seat": 1, "card": "4H", "count": 4, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 72}', NULL);
INSERT INTO public.event VALUES (9, 250, '2026-12-01 11:28:12.453124+00', 'Pegged', NULL, 'seat 0 plays TH, count 14', '{"seat": 0, "card": "TH", "count": 14, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 99}', NULL);
INSERT INTO public.event VALUES (9, 251, '2026-12-01 11:28:12.453756+00', 'Pegged', NULL, 'seat 1 plays 8C, count 22', '{"seat": 1, "card": "8C", "count": 22, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 72}', NULL);
INSERT INTO public.event VALUES (9, 252, '2026-12-01 11:28:12.453756+00', 'Go', NULL, 'seat 0: go at 22', '{"seat": 0, "count": 22}', NULL);
INSERT INTO public.event VALUES (9, 253, '2026-12-01 11:28:12.453818+00', 'Pegged', NULL, 'seat 1 plays 5D, count 27', '{"seat": 1, "card": "5D", "count": 27, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 72}', NULL);
INSERT INTO public.event VALUES (9, 254, '2026-12-01 11:28:12.453818+00', 'LastCard', NULL, 'seat 1 pegs 1 for the go, score 73', '{"seat": 1, "score": 73, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (9, 255, '2026-12-01 11:28:12.453818+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (9, 256, '2026-12-01 11:28:12.504793+00', 'Pegged', NULL, 'seat 0 plays QC, count 10', '{"seat": 0, "card": "QC", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 99}', NULL);
INSERT INTO public.event VALUES (9, 257, '2026-12-01 11:28:12.504839+00', 'Pegged', NULL, 'seat 1 plays TD, count 20', '{"seat": 1, "card": "TD", "count": 20, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 73}', NULL);
INSERT INTO public.event VALUES (9, 258, '2026-12-01 11:28:12.555579+00', 'Pegged', NULL, 'seat 0 plays KC, count 30', '{"seat": 0, "card": "KC", "count": 30, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 99}', NULL);
INSERT INTO public.event VALUES (9, 259, '2026-12-01 11:28:12.555579+00', 'LastCard', NULL, 'seat 0 pegs 1 for the go, score 100', '{"seat": 0, "score": 100, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (9, 260, '2026-12-01 11:28:12.555579+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (9, 261, '2026-12-01 11:28:12.555734+00', 'Pegged', NULL, 'seat 0 plays KS, count 10', '{"seat": 0, "card": "KS", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 100}', NULL);
INSERT INTO public.event VALUES (9, 262, '2026-12-01 11:28:12.555734+00', 'LastCard', NULL, 'seat 0 pegs 1 for last card, score 101', '{"seat": 0, "score": 101, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (9, 263, '2026-12-01 11:28:12.555734+00', 'HandShown', NULL, 'seat 1 shows 4H 5D 8C TD + 4D: fifteens 2, pairs 2 = 4, score 77', '{"seat": 1, "cards": ["4H", "5D", "8C", "TD"], "starter": "4D", "breakdown": {"fifteens": 2, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 77}', NULL);
INSERT INTO public.event VALUES (9, 264, '2026-12-01 11:28:12.555734+00', 'HandShown', NULL, 'seat 0 shows TH QC KC KS + 4D: pairs 2 = 2, score 103', '{"seat": 0, "cards": ["TH", "QC", "KC", "KS"], "starter": "4D", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 103}', NULL);
INSERT INTO public.event VALUES (9, 265, '2026-12-01 11:28:12.555734+00', 'CribShown', NULL, 'seat 0''s crib 3S 7C 7S 9D + 4D: pairs 2 = 2, score 105', '{"seat": 0, "cards": ["3S", "7C", "7S", "9D"], "starter": "4D", "breakdown": {"fifteens": 0, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}, "score": 105}', NULL);
INSERT INTO public.event VALUES (9, 266, '2026-12-01 11:28:12.555734+00', 'HandDealt', NULL, 'game 1 hand 12: seat 1 deals 6 cards to each hand', '{"game": 1, "hand": 12, "dealer": 1, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (9, 267, '2026-12-01 11:28:12.555734+00', 'CardsDealt', 0, 'seat 0 is dealt 2D 3D 5S 6S 9S QS', '{"seat": 0, "cards": ["2D", "3D", "5S", "6S", "9S", "QS"]}', NULL);
INSERT INTO public.event VALUES (9, 268, '2026-12-01 11:28:12.555734+00', 'CardsDealt', 1, 'seat 1 is dealt 7D 7H 8H 8S 9C JH', '{"seat": 1, "cards": ["7D", "7H", "8H", "8S", "9C", "JH"]}', NULL);
INSERT INTO public.event VALUES (9, 269, '2026-12-01 11:28:12.607235+00', 'DiscardedCards', 0, 'seat 0 lays away 2D 3D', '{"seat": 0, "cards": ["2D", "3D"]}', NULL);
INSERT INTO public.event VALUES (9, 270, '2026-12-01 11:28:12.607235+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (9, 271, '2026-12-01 11:28:12.607235+00', 'DiscardedCards', 1, 'seat 1 lays away 9C JH', '{"seat": 1, "cards": ["9C", "JH"]}', NULL);
INSERT INTO public.event VALUES (9, 272, '2026-12-01 11:28:12.607235+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (9, 273, '2026-12-01 11:28:12.607235+00', 'StarterTurned', NULL, 'starter: AC', '{"card": "AC"}', NULL);
INSERT INTO public.event VALUES (9, 274, '2026-12-01 11:28:12.658168+00', 'Pegged', NULL, 'seat 0 plays 5S, count 5', '{"seat": 0, "card": "5S", "count": 5, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 105}', NULL);
INSERT INTO public.event VALUES (9, 275, '2026-12-01 11:28:12.658712+00', 'Pegged', NULL, 'seat 1 plays 7D, count 12', '{"seat": 1, "card": "7D", "count": 12, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 77}', NULL);
INSERT INTO public.event VALUES (9, 276, '2026-12-01 11:28:12.709358+00', 'Pegged', NULL, 'seat 0 plays 6S, count 18: run of 3 = 3, score 108', '{"seat": 0, "card": "6S", "count": 18, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 3}, "score": 108}', NULL);
INSERT INTO public.event VALUES (9, 277, '2026-12-01 11:28:12.709931+00', 'Pegged', NULL, 'seat 1 plays 7H, count 25', '{"seat": 1, "card": "7H", "count": 25, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 77}', NULL);
INSERT INTO public.event VALUES (9, 278, '2026-12-01 11:28:12.709931+00', 'Go', NULL, 'seat 0: go at 25', '{"seat": 0, "count": 25}', NULL);
INSERT INTO public.event VALUES (9, 279, '2026-12-01 11:28:12.709931+00', 'LastCard', NULL, 'seat 1 pegs 1 for the go, score 78', '{"seat": 1, "score": 78, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (9, 280, '2026-12-01 11:28:12.709931+00', 'CountReset', NULL, 'count reset to 0, seat 0 leads', '{"leader": 0}', NULL);
INSERT INTO public.event VALUES (9, 281, '2026-12-01 11:28:12.760746+00', 'Pegged', NULL, 'seat 0 plays 9S, count 9', '{"seat": 0, "card": "9S", "count": 9, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 108}', NULL);
INSERT INTO public.event VALUES (9, 282, '2026-12-01 11:28:12.761296+00', 'Pegged', NULL, 'seat 1 plays 8H, count 17', '{"seat": 1, "card": "8H", "count": 17, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 78}', NULL);
INSERT INTO public.event VALUES (9, 283, '2026-12-01 11:28:12.761346+00', 'Pegged', NULL, 'seat 0 plays QS, count 27', '{"seat": 0, "card": "QS", "count": 27, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 108}', NULL);
INSERT INTO public.event VALUES (9, 284, '2026-12-01 11:28:12.761346+00', 'Go', NULL, 'seat 1: go at 27', '{"seat": 1, "count": 27}', NULL);
INSERT INTO public.event VALUES (9, 285, '2026-12-01 11:28:12.761346+00', 'LastCard', NULL, 'seat 0 pegs 1 for the go, score 109', '{"seat": 0, "score": 109, "end_of_play": false}', NULL);
INSERT INTO public.event VALUES (9, 286, '2026-12-01 11:28:12.761346+00', 'CountReset', NULL, 'count reset to 0, seat 1 leads', '{"leader": 1}', NULL);
INSERT INTO public.event VALUES (9, 287, '2026-12-01 11:28:12.761587+00', 'Pegged', NULL, 'seat 1 plays 8S, count 8', '{"seat": 1, "card": "8S", "count": 8, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 78}', NULL);
INSERT INTO public.event VALUES (9, 288, '2026-12-01 11:28:12.761587+00', 'LastCard', NULL, 'seat 1 pegs 1 for last card, score 79', '{"seat": 1, "score": 79, "end_of_play": true}', NULL);
INSERT INTO public.event VALUES (9, 289, '2026-12-01 11:28:12.761587+00', 'HandShown', NULL, 'seat 0 shows 5S 6S 9S QS + AC: fifteens 6, flush 4 = 10, score 119', '{"seat": 0, "cards": ["5S", "6S", "9S", "QS"], "starter": "AC", "breakdown": {"fifteens": 6, "pairs": 0, "runs": 0, "flush": 4, "nobs": 0}, "score": 119}', NULL);
INSERT INTO public.event VALUES (9, 290, '2026-12-01 11:28:12.761587+00', 'HandShown', NULL, 'seat 1 shows 7D 7H 8H 8S + AC: fifteens 10, pairs 4 = 14, score 93', '{"seat": 1, "cards": ["7D", "7H", "8H", "8S"], "starter": "AC", "breakdown": {"fifteens": 10, "pairs": 4, "runs": 0, "flush": 0, "nobs": 0}, "score": 93}', NULL);
INSERT INTO public.event VALUES (9, 291, '2026-12-01 11:28:12.761587+00', 'CribShown', NULL, 'seat 1''s crib 2D 3D 9C JH + AC: fifteens 4, runs 3 = 7, score 100', '{"seat": 1, "cards": ["2D", "3D", "9C", "JH"], "starter": "AC", "breakdown": {"fifteens": 4, "pairs": 0, "runs": 3, "flush": 0, "nobs": 0}, "score": 100}', NULL);
INSERT INTO public.event VALUES (9, 292, '2026-12-01 11:28:12.761587+00', 'HandDealt', NULL, 'game 1 hand 13: seat 0 deals 6 cards to each hand', '{"game": 1, "hand": 13, "dealer": 0, "cards_each": 6, "to_crib": 0}', NULL);
INSERT INTO public.event VALUES (9, 293, '2026-12-01 11:28:12.761587+00', 'CardsDealt', 0, 'seat 0 is dealt 3D 4D 6H 7H 9C TC', '{"seat": 0, "cards": ["3D", "4D", "6H", "7H", "9C", "TC"]}', NULL);
INSERT INTO public.event VALUES (9, 294, '2026-12-01 11:28:12.761587+00', 'CardsDealt', 1, 'seat 1 is dealt 7C 8H 9S JD JH KS', '{"seat": 1, "cards": ["7C", "8H", "9S", "JD", "JH", "KS"]}', NULL);
INSERT INTO public.event VALUES (9, 295, '2026-12-01 11:28:12.813486+00', 'DiscardedCards', 0, 'seat 0 lays away 3D 4D', '{"seat": 0, "cards": ["3D", "4D"]}', NULL);
INSERT INTO public.event VALUES (9, 296, '2026-12-01 11:28:12.813486+00', 'Discarded', NULL, 'seat 0 has laid away', '{"seat": 0}', NULL);
INSERT INTO public.event VALUES (9, 297, '2026-12-01 11:28:12.813486+00', 'DiscardedCards', 1, 'seat 1 lays away JD KS', '{"seat": 1, "cards": ["JD", "KS"]}', NULL);
INSERT INTO public.event VALUES (9, 298, '2026-12-01 11:28:12.813486+00', 'Discarded', NULL, 'seat 1 has laid away', '{"seat": 1}', NULL);
INSERT INTO public.event VALUES (9, 299, '2026-12-01 11:28:12.813486+00', 'StarterTurned', NULL, 'starter: 6D', '{"card": "6D"}', NULL);
INSERT INTO public.event VALUES (9, 300, '2026-12-01 11:28:12.814339+00', 'Pegged', NULL, 'seat 1 plays JH, count 10', '{"seat": 1, "card": "JH", "count": 10, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 100}', NULL);
INSERT INTO public.event VALUES (9, 301, '2026-12-01 11:28:12.86499+00', 'Pegged', NULL, 'seat 0 plays 6H, count 16', '{"seat": 0, "card": "6H", "count": 16, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 119}', NULL);
INSERT INTO public.event VALUES (9, 302, '2026-12-01 11:28:12.86551+00', 'Pegged', NULL, 'seat 1 plays 7C, count 23', '{"seat": 1, "card": "7C", "count": 23, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}, "score": 100}', NULL);
INSERT INTO public.event VALUES (9, 303, '2026-12-01 11:28:12.865587+00', 'Pegged', NULL, 'seat 0 plays 7H, count 30: pair 2 = 2, score 121', '{"seat": 0, "card": "7H", "count": 30, "breakdown": {"fifteen": 0, "thirty_one": 0, "pairs": 2, "run": 0}, "score": 121}', NULL);
INSERT INTO public.event VALUES (9, 304, '2026-12-01 11:28:12.865587+00', 'GameWon', NULL, 'game 1 won by seat 0, 121-100 (no skunk): 1 game point, match 1-0', '{"game": 1, "winner": 0, "scores": [121, 100], "skunk": "no skunk", "game_points": 1, "match": [1, 0]}', NULL);
INSERT INTO public.event VALUES (9, 305, '2026-12-01 11:28:12.865587+00', 'MatchEnded', NULL, 'match won by seat 0, game points 1-0', '{"winner": 0, "scores": [1, 0]}', NULL);


--
-- Data for Name: fault; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.fault VALUES (1, 4, 0, 'crash', 'exited with status 1 before connecting; its last output:
broken: starting
Traceback (most recent call last):
  File "<string>", line 1, in <module>
RuntimeError: boom
broken: about to fail', '2026-12-01 11:27:50.587823+00', 0);
INSERT INTO public.fault VALUES (2, 5, 1, 'connect_timeout', 'remote bot faraway not connected', '2026-12-01 11:27:56.934275+00', 0);


--
-- Data for Name: game; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.game VALUES (1, 1, 'lexio', '{"players": 3, "rounds": 1, "starting_chips": 64, "twos_penalty": "double_each"}', '3 players', 7079208364525986482, 'finished', '2026-12-01 11:27:45.504313+00', '2026-12-01 11:27:46.904198+00', '{"scores": [52, 73, 67], "places": [3, 1, 2], "details": {"rounds_played": 1, "round_nets": [[-12, 9, 3]]}}', 'normal', '');
INSERT INTO public.game VALUES (2, 2, 'lexio', '{"players": 3, "rounds": 1, "starting_chips": 64, "twos_penalty": "double_each"}', '3 players', 7079208364525986482, 'finished', '2026-12-01 11:27:45.531953+00', '2026-12-01 11:27:46.948111+00', '{"scores": [57, 78, 57], "places": [2, 1, 2], "details": {"rounds_played": 1, "round_nets": [[-7, 14, -7]]}}', 'normal', '');
INSERT INTO public.game VALUES (3, 3, 'lexio', '{"players": 3, "rounds": 1, "starting_chips": 64, "twos_penalty": "double_each"}', '3 players', 7079208364525986482, 'finished', '2026-12-01 11:27:47.149166+00', '2026-12-01 11:27:47.853315+00', '{"scores": [174, -114, 132], "places": [1, 3, 2], "details": {"rounds_played": 1, "round_nets": [[110, -178, 68]]}}', 'normal', '');
INSERT INTO public.game VALUES (4, 4, 'cribbage', '{"variant": "five-card", "target": 61, "match_points": 1, "game_points": [1, 2, 4, 4], "triple_skunk_wins_match": false, "next_first_dealer": "cut"}', 'five-card', 13, 'finished', '2026-12-01 11:27:50.407702+00', '2026-12-01 11:27:50.90159+00', '{"scores": [0, 1], "places": [2, 1], "details": {"games": [{"number": 1, "scores": [39, 61], "winner": 1, "skunk": "no skunk", "game_points": 1}], "won": null}}', 'forfeit', '');
INSERT INTO public.game VALUES (5, 5, 'lexio', '{"players": 4, "rounds": 1, "starting_chips": 64, "twos_penalty": "double_each"}', '4 players', 14, 'finished', '2026-12-01 11:27:53.73826+00', '2026-12-01 11:27:56.976243+00', '{"scores": [87, 23, 83, 63], "places": [1, 4, 2, 3], "details": {"rounds_played": 1, "round_nets": [[23, -41, 19, -1]]}}', 'forfeit', '');
INSERT INTO public.game VALUES (6, 6, 'cribbage', '{"variant": "six-card", "target": 121, "match_points": 1, "game_points": [1, 2, 4, 4], "triple_skunk_wins_match": false, "next_first_dealer": "cut"}', 'six-card', -5727562466106977406, 'finished', '2026-12-01 11:27:58.808688+00', '2026-12-01 11:28:01.503944+00', '{"scores": [0, 1], "places": [2, 1], "details": {"games": [{"number": 1, "scores": [98, 121], "winner": 1, "skunk": "no skunk", "game_points": 1}], "won": null}}', 'normal', '');
INSERT INTO public.game VALUES (7, 7, 'cribbage', '{"variant": "six-card", "target": 121, "match_points": 1, "game_points": [1, 2, 4, 4], "triple_skunk_wins_match": false, "next_first_dealer": "cut"}', 'six-card', -5727562466106977406, 'aborted', '2026-12-01 11:28:01.591032+00', '2026-12-01 11:28:03.211616+00', 'null', 'aborted', 'the referee stopped');
INSERT INTO public.game VALUES (8, 8, 'cribbage', '{"variant": "six-card", "target": 121, "match_points": 1, "game_points": [1, 2, 4, 4], "triple_skunk_wins_match": false, "next_first_dealer": "cut"}', 'six-card', -5727562466106977406, 'finished', '2026-12-01 11:28:05.052723+00', '2026-12-01 11:28:08.264244+00', '{"scores": [1, 0], "places": [1, 2], "details": {"games": [{"number": 1, "scores": [121, 108], "winner": 0, "skunk": "no skunk", "game_points": 1}], "won": null}}', 'normal', '');
INSERT INTO public.game VALUES (9, 9, 'cribbage', '{"variant": "six-card", "target": 121, "match_points": 1, "game_points": [1, 2, 4, 4], "triple_skunk_wins_match": false, "next_first_dealer": "cut"}', 'six-card', 6252031604131592508, 'finished', '2026-12-01 11:28:10.049682+00', '2026-12-01 11:28:12.865621+00', '{"scores": [1, 0], "places": [1, 2], "details": {"games": [{"number": 1, "scores": [121, 100], "winner": 0, "skunk": "no skunk", "game_points": 1}], "won": null}}', 'normal', '');
INSERT INTO public.game VALUES (10, 10, 'cribbage', '{"variant": "six-card", "target": 121, "match_points": 1, "game_points": [1, 2, 4, 4], "triple_skunk_wins_match": false, "next_first_dealer": "cut"}', 'six-card', 6252031604131592508, 'running', '2026-12-01 11:28:12.92768+00', NULL, 'null', NULL, '');


--
-- Data for Name: match; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.match VALUES (2, 'lexio', '{"players": 3, "rounds": 1, "starting_chips": 64, "twos_penalty": "double_each"}', '{"time_control": {"connect_ms": 20000, "decision_ms": 1000, "bank_ms": 10000}, "fault_policy": {"illegal_retries": 2, "max_strikes": 3}, "limits": {}, "sealed": false}', 'finished', '2026-12-01 11:27:45.498651+00', 1, 1, 0);
INSERT INTO public.match VALUES (1, 'lexio', '{"players": 3, "rounds": 1, "starting_chips": 64, "twos_penalty": "double_each"}', '{"time_control": {"connect_ms": 20000, "decision_ms": 1000, "bank_ms": 10000}, "fault_policy": {"illegal_retries": 2, "max_strikes": 3}, "limits": {}, "sealed": false}', 'finished', '2026-12-01 11:27:45.498344+00', 1, 0, 0);
INSERT INTO public.match VALUES (3, 'lexio', '{"players": 3, "rounds": 1, "starting_chips": 64, "twos_penalty": "double_each"}', '{"time_control": {"connect_ms": 20000, "decision_ms": 1000, "bank_ms": 10000}, "fault_policy": {"illegal_retries": 2, "max_strikes": 3}, "limits": {}, "sealed": false}', 'finished', '2026-12-01 11:27:47.147613+00', 1, 2, 0);
INSERT INTO public.match VALUES (4, 'cribbage', '{"variant": "five-card", "target": 61, "match_points": 1, "game_points": [1, 2, 4, 4], "triple_skunk_wins_match": false, "next_first_dealer": "cut"}', '{"time_control": {"connect_ms": 20000, "decision_ms": 1000, "bank_ms": 10000}, "fault_policy": {"illegal_retries": 2, "max_strikes": 3}, "limits": {}, "sealed": false}', 'finished', '2026-12-01 11:27:50.404605+00', NULL, NULL, NULL);
INSERT INTO public.match VALUES (5, 'lexio', '{"players": 4, "rounds": 1, "starting_chips": 64, "twos_penalty": "double_each"}', '{"time_control": {"connect_ms": 3000, "decision_ms": 1000, "bank_ms": 10000}, "fault_policy": {"illegal_retries": 2, "max_strikes": 3}, "limits": {}, "sealed": false}', 'finished', '2026-12-01 11:27:53.735014+00', NULL, NULL, NULL);
INSERT INTO public.match VALUES (6, 'cribbage', '{"variant": "six-card", "target": 121, "match_points": 1, "game_points": [1, 2, 4, 4], "triple_skunk_wins_match": false, "next_first_dealer": "cut"}', '{"time_control": {"connect_ms": 20000, "decision_ms": 1000, "bank_ms": 10000}, "fault_policy": {"illegal_retries": 2, "max_strikes": 3}, "limits": {}, "sealed": false}', 'finished', '2026-12-01 11:27:58.801328+00', 2, 0, 0);
INSERT INTO public.match VALUES (7, 'cribbage', '{"variant": "six-card", "target": 121, "match_points": 1, "game_points": [1, 2, 4, 4], "triple_skunk_wins_match": false, "next_first_dealer": "cut"}', '{"time_control": {"connect_ms": 20000, "decision_ms": 1000, "bank_ms": 10000}, "fault_policy": {"illegal_retries": 2, "max_strikes": 3}, "limits": {}, "sealed": false}', 'aborted', '2026-12-01 11:28:01.590006+00', 2, 1, 0);
INSERT INTO public.match VALUES (8, 'cribbage', '{"variant": "six-card", "target": 121, "match_points": 1, "game_points": [1, 2, 4, 4], "triple_skunk_wins_match": false, "next_first_dealer": "cut"}', '{"time_control": {"connect_ms": 20000, "decision_ms": 1000, "bank_ms": 10000}, "fault_policy": {"illegal_retries": 2, "max_strikes": 3}, "limits": {}, "sealed": false}', 'finished', '2026-12-01 11:28:05.050454+00', 2, 1, 0);
INSERT INTO public.match VALUES (9, 'cribbage', '{"variant": "six-card", "target": 121, "match_points": 1, "game_points": [1, 2, 4, 4], "triple_skunk_wins_match": false, "next_first_dealer": "cut"}', '{"time_control": {"connect_ms": 20000, "decision_ms": 1000, "bank_ms": 10000}, "fault_policy": {"illegal_retries": 2, "max_strikes": 3}, "limits": {}, "sealed": false}', 'finished', '2026-12-01 11:28:10.047398+00', 3, 0, 0);
INSERT INTO public.match VALUES (10, 'cribbage', '{"variant": "six-card", "target": 121, "match_points": 1, "game_points": [1, 2, 4, 4], "triple_skunk_wins_match": false, "next_first_dealer": "cut"}', '{"time_control": {"connect_ms": 20000, "decision_ms": 1000, "bank_ms": 10000}, "fault_policy": {"illegal_retries": 2, "max_strikes": 3}, "limits": {}, "sealed": false}', 'running', '2026-12-01 11:28:12.926653+00', 3, 1, 0);


--
-- Data for Name: output_line; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.output_line VALUES (4, 0, 0, '2026-12-01 11:27:50.586745+00', 'stderr', 'broken: starting');
INSERT INTO public.output_line VALUES (4, 0, 1, '2026-12-01 11:27:50.586763+00', 'stderr', 'Traceback (most recent call last):');
INSERT INTO public.output_line VALUES (4, 0, 2, '2026-12-01 11:27:50.586765+00', 'stderr', '  File "<string>", line 1, in <module>');
INSERT INTO public.output_line VALUES (4, 0, 3, '2026-12-01 11:27:50.586769+00', 'stderr', 'RuntimeError: boom');
INSERT INTO public.output_line VALUES (4, 0, 4, '2026-12-01 11:27:50.586788+00', 'stdout', 'broken: about to fail');


--
-- Data for Name: seat; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.seat VALUES (4, 0, 8, '161da5d0e7da443e37a1f5a026fae3685d58640516320242b41262edb6a72bed', 'forfeited', 0, 0, 2, 0, 0);
INSERT INTO public.seat VALUES (4, 1, 5, 'd4333754a62caefb8ab1eac0fe7f098c464b2bd6b254c29b5844b9947fcbcd8c', 'finished', NULL, 1, 1, 16, 0);
INSERT INTO public.seat VALUES (2, 0, 2, '5ef8094a14abd34f717c65af075cb699903c6f3eeb10fa61902b80ba3fcbaa92', 'finished', NULL, 57, 2, 1, 0);
INSERT INTO public.seat VALUES (2, 1, 3, '7be551acdfbcd32f033af3925fe110a9fd36288b9075748c78ccc9517ef0d815', 'finished', NULL, 78, 1, 3, 0);
INSERT INTO public.seat VALUES (2, 2, 1, '3c6b7c4c924d0eebe2f3fdb64301e2c57f22f21c3bce44283572f05ab5f05854', 'finished', NULL, 57, 2, 1, 0);
INSERT INTO public.seat VALUES (1, 0, 1, '7e7f971a68d4a72577e9dd26ba1e1aba571d26b835cb6018228ef5ce30938685', 'finished', NULL, 52, 3, 1, 0);
INSERT INTO public.seat VALUES (1, 1, 2, '7024215d86756087dd19b1161bb3d75cad721b059feb659578037aa169acdf87', 'finished', NULL, 73, 1, 3, 0);
INSERT INTO public.seat VALUES (1, 2, 3, '9b96410d1cd73f409ec60f9f168cc089c91d0a0e635952d97df708c19cb81c27', 'finished', NULL, 67, 2, 2, 0);
INSERT INTO public.seat VALUES (6, 0, 6, '6bc8ea24129a714bd82a7ab7c17a461356d64024497b7473d13ad8e902b11b9d', 'finished', NULL, 0, 2, 44, 0);
INSERT INTO public.seat VALUES (6, 1, 4, 'c8634bd38a10e3c354a09dd8fcecc424fbffba4892e643dc4413e8d9928e4325', 'finished', NULL, 1, 1, 37, 0);
INSERT INTO public.seat VALUES (3, 0, 3, '4c6857d300a91c9f456a13a962f000c18e8f181ab41b625dae6710acbbf894f4', 'finished', NULL, 174, 1, 3, 0);
INSERT INTO public.seat VALUES (3, 1, 1, '340eabb9ad370aa3f666ca5db3e13ea61d389777061f45da19afd16a41e68a6f', 'finished', NULL, -114, 3, 2, 0);
INSERT INTO public.seat VALUES (3, 2, 2, 'd125945588408873c25bd65dfc9d5e8b0b585be1a26050c110f22732b1b991ea', 'finished', NULL, 132, 2, 1, 0);
INSERT INTO public.seat VALUES (5, 0, 3, '9a041fce39ad4ee01a1586c25fe3ff37c093a81906a8b532583afc096d9eced0', 'finished', NULL, 87, 1, 9, 0);
INSERT INTO public.seat VALUES (5, 1, 7, '798dc60ecf37e157ab9cf15c9a05d8d613cd35c8e6c9f2d31fc5f1aa4c7d483e', 'forfeited', 0, 23, 4, 0, 0);
INSERT INTO public.seat VALUES (5, 2, 2, '6c8f71020fd958bca5fbf475e7171d10dbe5109d04e43fd6fd8aa667f78bb7dd', 'finished', NULL, 83, 2, 8, 0);
INSERT INTO public.seat VALUES (5, 3, 1, '84e083fbf34e7b0f10ffc0c442b9274048b270ef88bfd1c3ce47443319b0612f', 'finished', NULL, 63, 3, 6, 0);
INSERT INTO public.seat VALUES (7, 0, 4, 'aa68822daf038cead4ee1e1cbb4b9a143bcbc57b3e10853b089d20a1974b5af7', 'finished', NULL, NULL, NULL, 21, 0);
INSERT INTO public.seat VALUES (7, 1, 6, 'd70cca6e531a7176274a20308e9bc983363581820abe6aeab9104767fa1f54fb', 'finished', NULL, NULL, NULL, 19, 0);
INSERT INTO public.seat VALUES (9, 0, 6, 'd0678ee1257619704c1db1e97948546a4c8aca6cca41f30e4214df32bd394293', 'finished', NULL, 1, 1, 49, 0);
INSERT INTO public.seat VALUES (9, 1, 4, 'e8c7a75d82c4badac15fc6c695ae5ec065bb51ac6e53f01417056fc9b006cb67', 'finished', NULL, 0, 2, 47, 0);
INSERT INTO public.seat VALUES (8, 0, 4, '471b4e64c6fdbe9dff764e3c17eaa88d64b0697684f4c25f2d8d270d5dc32f8c', 'finished', NULL, 1, 1, 49, 0);
INSERT INTO public.seat VALUES (8, 1, 6, 'b7a422a5e1d5722ee250a8c529ba0e54d7b0df4bd4b369c57736b013fe7c397e', 'finished', NULL, 0, 2, 52, 0);
INSERT INTO public.seat VALUES (10, 1, 6, 'cec831c3a641f10ddaf529e517432d0abe22a17196a1198a592200de0a730af1', 'playing', NULL, NULL, NULL, 13, 0);
INSERT INTO public.seat VALUES (10, 0, 4, 'a00f7484d0aa7743a2330478d125427ed1d48f5ee81d31533f4da0162bab027b', 'playing', NULL, NULL, NULL, 13, 0);


--
-- Data for Name: tournament; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.tournament VALUES (1, 'lexio', '{"players": 3, "rounds": 1, "starting_chips": 64, "twos_penalty": "double_each"}', 'round-robin', '{"bots": ["lexio_random", "lexio_greedy", "lexio_strong"], "deals": 1, "seed": 11, "challengers": [], "duplicate": true, "concurrency": 2, "reuse_processes": false, "time_control": {"connect_ms": 20000, "decision_ms": 1000, "bank_ms": 10000}, "fault_policy": {"illegal_retries": 2, "max_strikes": 3}, "limits": {}, "sealed": false}', 'finished', '2026-12-01 11:27:45.472552+00');
INSERT INTO public.tournament VALUES (2, 'cribbage', '{"variant": "six-card", "target": 121, "match_points": 1, "game_points": [1, 2, 4, 4], "triple_skunk_wins_match": false, "next_first_dealer": "cut"}', 'round-robin', '{"bots": ["cribbage_slow", "cribbage_random"], "deals": 1, "seed": 15, "challengers": [], "duplicate": true, "concurrency": 1, "reuse_processes": false, "time_control": {"connect_ms": 20000, "decision_ms": 1000, "bank_ms": 10000}, "fault_policy": {"illegal_retries": 2, "max_strikes": 3}, "limits": {}, "sealed": false}', 'finished', '2026-12-01 11:27:58.782683+00');
INSERT INTO public.tournament VALUES (3, 'cribbage', '{"variant": "six-card", "target": 121, "match_points": 1, "game_points": [1, 2, 4, 4], "triple_skunk_wins_match": false, "next_first_dealer": "cut"}', 'round-robin', '{"bots": ["cribbage_slow", "cribbage_random"], "deals": 1, "seed": 16, "challengers": [], "duplicate": true, "concurrency": 1, "reuse_processes": false, "time_control": {"connect_ms": 20000, "decision_ms": 1000, "bank_ms": 10000}, "fault_policy": {"illegal_retries": 2, "max_strikes": 3}, "limits": {}, "sealed": false}', 'running', '2026-12-01 11:28:10.037+00');


--
-- Name: bot_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.bot_id_seq', 8, true);


--
-- Name: fault_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.fault_id_seq', 2, true);


--
-- Name: game_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.game_id_seq', 10, true);


--
-- Name: match_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.match_id_seq', 10, true);


--
-- Name: tournament_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.tournament_id_seq', 3, true);


--
-- Name: action action_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.action
    ADD CONSTRAINT action_pkey PRIMARY KEY (game_id, number);


--
-- Name: bot bot_key_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bot
    ADD CONSTRAINT bot_key_hash_key UNIQUE (key_hash);


--
-- Name: bot bot_name_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bot
    ADD CONSTRAINT bot_name_key UNIQUE (name);


--
-- Name: bot bot_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bot
    ADD CONSTRAINT bot_pkey PRIMARY KEY (id);


--
-- Name: event event_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.event
    ADD CONSTRAINT event_pkey PRIMARY KEY (game_id, number);


--
-- Name: fault fault_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.fault
    ADD CONSTRAINT fault_pkey PRIMARY KEY (id);


--
-- Name: game game_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.game
    ADD CONSTRAINT game_pkey PRIMARY KEY (id);


--
-- Name: match match_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.match
    ADD CONSTRAINT match_pkey PRIMARY KEY (id);


--
-- Name: output_line output_line_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.output_line
    ADD CONSTRAINT output_line_pkey PRIMARY KEY (game_id, seat, number);


--
-- Name: seat seat_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seat
    ADD CONSTRAINT seat_pkey PRIMARY KEY (game_id, seat);


--
-- Name: seat seat_token_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seat
    ADD CONSTRAINT seat_token_hash_key UNIQUE (token_hash);


--
-- Name: tournament tournament_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tournament
    ADD CONSTRAINT tournament_pkey PRIMARY KEY (id);


--
-- Name: ix_fault_game_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_fault_game_id ON public.fault USING btree (game_id);


--
-- Name: ix_game_game; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_game_game ON public.game USING btree (game);


--
-- Name: ix_game_match_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_game_match_id ON public.game USING btree (match_id);


--
-- Name: ix_game_started_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_game_started_at ON public.game USING btree (started_at);


--
-- Name: ix_game_status; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_game_status ON public.game USING btree (status);


--
-- Name: ix_game_status_game_variant; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_game_status_game_variant ON public.game USING btree (status, game, variant);


--
-- Name: ix_match_game; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_match_game ON public.match USING btree (game);


--
-- Name: ix_match_tournament_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_match_tournament_id ON public.match USING btree (tournament_id);


--
-- Name: ix_seat_bot_id_game_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_seat_bot_id_game_id ON public.seat USING btree (bot_id, game_id);


--
-- Name: ix_tournament_game; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_tournament_game ON public.tournament USING btree (game);


--
-- Name: ux_match_tournament_finished_number; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX ux_match_tournament_finished_number ON public.match USING btree (tournament_id, schedule_number) WHERE ((status)::text = 'finished'::text);


--
-- Name: action action_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.action
    ADD CONSTRAINT action_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id);


--
-- Name: event event_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.event
    ADD CONSTRAINT event_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id);


--
-- Name: fault fault_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.fault
    ADD CONSTRAINT fault_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id);


--
-- Name: game game_match_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.game
    ADD CONSTRAINT game_match_id_fkey FOREIGN KEY (match_id) REFERENCES public.match(id);


--
-- Name: match match_tournament_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.match
    ADD CONSTRAINT match_tournament_id_fkey FOREIGN KEY (tournament_id) REFERENCES public.tournament(id);


--
-- Name: output_line output_line_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.output_line
    ADD CONSTRAINT output_line_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id);


--
-- Name: seat seat_bot_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seat
    ADD CONSTRAINT seat_bot_id_fkey FOREIGN KEY (bot_id) REFERENCES public.bot(id);


--
-- Name: seat seat_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seat
    ADD CONSTRAINT seat_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id);


--
-- PostgreSQL database dump complete
--

\unrestrict 4YO5fbi7TFk1qsILNdiN5KIWd8vxhdmyNVaPqG1ZIvWpbbfL6zMjWyDDLzI0h3I

