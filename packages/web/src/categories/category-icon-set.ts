// Generated from core CATEGORY_ICONS: every category icon, in one chunk loaded on first use.
import type SvgIcon from '@mui/material/SvgIcon';
import type { CategoryIcon } from '@planner/core';
import LabelIcon from '@mui/icons-material/Label';
import WorkIcon from '@mui/icons-material/Work';
import SchoolIcon from '@mui/icons-material/School';
import HomeIcon from '@mui/icons-material/Home';
import PersonIcon from '@mui/icons-material/Person';
import PeopleIcon from '@mui/icons-material/People';
import GroupsIcon from '@mui/icons-material/Groups';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FitnessCenterIcon from '@mui/icons-material/FitnessCenter';
import DirectionsRunIcon from '@mui/icons-material/DirectionsRun';
import DirectionsBikeIcon from '@mui/icons-material/DirectionsBike';
import DirectionsWalkIcon from '@mui/icons-material/DirectionsWalk';
import PoolIcon from '@mui/icons-material/Pool';
import HikingIcon from '@mui/icons-material/Hiking';
import SelfImprovementIcon from '@mui/icons-material/SelfImprovement';
import SpaIcon from '@mui/icons-material/Spa';
import SportsSoccerIcon from '@mui/icons-material/SportsSoccer';
import SportsBasketballIcon from '@mui/icons-material/SportsBasketball';
import SportsTennisIcon from '@mui/icons-material/SportsTennis';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import SportsGolfIcon from '@mui/icons-material/SportsGolf';
import SportsBaseballIcon from '@mui/icons-material/SportsBaseball';
import SportsFootballIcon from '@mui/icons-material/SportsFootball';
import SportsVolleyballIcon from '@mui/icons-material/SportsVolleyball';
import SportsMartialArtsIcon from '@mui/icons-material/SportsMartialArts';
import SurfingIcon from '@mui/icons-material/Surfing';
import DownhillSkiingIcon from '@mui/icons-material/DownhillSkiing';
import RestaurantIcon from '@mui/icons-material/Restaurant';
import LocalCafeIcon from '@mui/icons-material/LocalCafe';
import LocalBarIcon from '@mui/icons-material/LocalBar';
import FastfoodIcon from '@mui/icons-material/Fastfood';
import LocalGroceryStoreIcon from '@mui/icons-material/LocalGroceryStore';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBag';
import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import SavingsIcon from '@mui/icons-material/Savings';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import ReceiptIcon from '@mui/icons-material/Receipt';
import PaymentsIcon from '@mui/icons-material/Payments';
import BusinessCenterIcon from '@mui/icons-material/BusinessCenter';
import ComputerIcon from '@mui/icons-material/Computer';
import LaptopIcon from '@mui/icons-material/Laptop';
import PhoneAndroidIcon from '@mui/icons-material/PhoneAndroid';
import PhoneIcon from '@mui/icons-material/Phone';
import EmailIcon from '@mui/icons-material/Email';
import ChatIcon from '@mui/icons-material/Chat';
import ForumIcon from '@mui/icons-material/Forum';
import CallIcon from '@mui/icons-material/Call';
import VideocamIcon from '@mui/icons-material/Videocam';
import VideoCallIcon from '@mui/icons-material/VideoCall';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import EventIcon from '@mui/icons-material/Event';
import CalendarTodayIcon from '@mui/icons-material/CalendarToday';
import ScheduleIcon from '@mui/icons-material/Schedule';
import AlarmIcon from '@mui/icons-material/Alarm';
import TimerIcon from '@mui/icons-material/Timer';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import TodayIcon from '@mui/icons-material/Today';
import DateRangeIcon from '@mui/icons-material/DateRange';
import BookIcon from '@mui/icons-material/Book';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import AutoStoriesIcon from '@mui/icons-material/AutoStories';
import EditIcon from '@mui/icons-material/Edit';
import BrushIcon from '@mui/icons-material/Brush';
import PaletteIcon from '@mui/icons-material/Palette';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import HeadphonesIcon from '@mui/icons-material/Headphones';
import PianoIcon from '@mui/icons-material/Piano';
import MovieIcon from '@mui/icons-material/Movie';
import TvIcon from '@mui/icons-material/Tv';
import SportsIcon from '@mui/icons-material/Sports';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import StarIcon from '@mui/icons-material/Star';
import LightbulbIcon from '@mui/icons-material/Lightbulb';
import PsychologyIcon from '@mui/icons-material/Psychology';
import ScienceIcon from '@mui/icons-material/Science';
import BiotechIcon from '@mui/icons-material/Biotech';
import CalculateIcon from '@mui/icons-material/Calculate';
import CodeIcon from '@mui/icons-material/Code';
import BugReportIcon from '@mui/icons-material/BugReport';
import BuildIcon from '@mui/icons-material/Build';
import ConstructionIcon from '@mui/icons-material/Construction';
import HandymanIcon from '@mui/icons-material/Handyman';
import CleaningServicesIcon from '@mui/icons-material/CleaningServices';
import LocalLaundryServiceIcon from '@mui/icons-material/LocalLaundryService';
import KitchenIcon from '@mui/icons-material/Kitchen';
import BedIcon from '@mui/icons-material/Bed';
import HotelIcon from '@mui/icons-material/Hotel';
import FlightIcon from '@mui/icons-material/Flight';
import TrainIcon from '@mui/icons-material/Train';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import DirectionsBusIcon from '@mui/icons-material/DirectionsBus';
import MapIcon from '@mui/icons-material/Map';
import PlaceIcon from '@mui/icons-material/Place';
import ExploreIcon from '@mui/icons-material/Explore';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import BeachAccessIcon from '@mui/icons-material/BeachAccess';
import ParkIcon from '@mui/icons-material/Park';
import PetsIcon from '@mui/icons-material/Pets';
import ChildCareIcon from '@mui/icons-material/ChildCare';
import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import MedicationIcon from '@mui/icons-material/Medication';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import BedtimeIcon from '@mui/icons-material/Bedtime';
import WbSunnyIcon from '@mui/icons-material/WbSunny';
import LanguageIcon from '@mui/icons-material/Language';
import PublicIcon from '@mui/icons-material/Public';
import ArticleIcon from '@mui/icons-material/Article';
import AssignmentIcon from '@mui/icons-material/Assignment';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ChecklistIcon from '@mui/icons-material/Checklist';
import ListIcon from '@mui/icons-material/List';
import InventoryIcon from '@mui/icons-material/Inventory';
import FolderIcon from '@mui/icons-material/Folder';
import SecurityIcon from '@mui/icons-material/Security';
import LockIcon from '@mui/icons-material/Lock';
import SettingsIcon from '@mui/icons-material/Settings';
import AnalyticsIcon from '@mui/icons-material/Analytics';
import InsightsIcon from '@mui/icons-material/Insights';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import BarChartIcon from '@mui/icons-material/BarChart';
import CampaignIcon from '@mui/icons-material/Campaign';
import CelebrationIcon from '@mui/icons-material/Celebration';
import CakeIcon from '@mui/icons-material/Cake';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import LocalFloristIcon from '@mui/icons-material/LocalFlorist';
import YardIcon from '@mui/icons-material/Yard';
import AgricultureIcon from '@mui/icons-material/Agriculture';
import WaterDropIcon from '@mui/icons-material/WaterDrop';
import LocalDrinkIcon from '@mui/icons-material/LocalDrink';
import WineBarIcon from '@mui/icons-material/WineBar';
import ExtensionIcon from '@mui/icons-material/Extension';
import VideogameAssetIcon from '@mui/icons-material/VideogameAsset';
import TheaterComedyIcon from '@mui/icons-material/TheaterComedy';
import MicIcon from '@mui/icons-material/Mic';
import PodcastsIcon from '@mui/icons-material/Podcasts';
import RadioIcon from '@mui/icons-material/Radio';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import KeyboardIcon from '@mui/icons-material/Keyboard';
import WifiIcon from '@mui/icons-material/Wifi';
import BoltIcon from '@mui/icons-material/Bolt';
import WhatshotIcon from '@mui/icons-material/Whatshot';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import FlagIcon from '@mui/icons-material/Flag';
import BookmarkIcon from '@mui/icons-material/Bookmark';
import PushPinIcon from '@mui/icons-material/PushPin';
import DiamondIcon from '@mui/icons-material/Diamond';
import MilitaryTechIcon from '@mui/icons-material/MilitaryTech';
import HandshakeIcon from '@mui/icons-material/Handshake';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import EngineeringIcon from '@mui/icons-material/Engineering';
import ArchitectureIcon from '@mui/icons-material/Architecture';
import DesignServicesIcon from '@mui/icons-material/DesignServices';
import DrawIcon from '@mui/icons-material/Draw';
import ContentCutIcon from '@mui/icons-material/ContentCut';
import AttractionsIcon from '@mui/icons-material/Attractions';
import ChurchIcon from '@mui/icons-material/Church';
import MosqueIcon from '@mui/icons-material/Mosque';
import TempleBuddhistIcon from '@mui/icons-material/TempleBuddhist';
import MoodIcon from '@mui/icons-material/Mood';
import FaceIcon from '@mui/icons-material/Face';
import AccessibilityIcon from '@mui/icons-material/Accessibility';
import VisibilityIcon from '@mui/icons-material/Visibility';
import HistoryIcon from '@mui/icons-material/History';
import SyncIcon from '@mui/icons-material/Sync';

/** Each name of core CATEGORY_ICONS as its @mui/icons-material component. */
export const CATEGORY_ICON_SET: Readonly<Record<CategoryIcon, typeof SvgIcon>> = {
  label: LabelIcon,
  work: WorkIcon,
  school: SchoolIcon,
  home: HomeIcon,
  person: PersonIcon,
  people: PeopleIcon,
  groups: GroupsIcon,
  favorite: FavoriteIcon,
  fitness_center: FitnessCenterIcon,
  directions_run: DirectionsRunIcon,
  directions_bike: DirectionsBikeIcon,
  directions_walk: DirectionsWalkIcon,
  pool: PoolIcon,
  hiking: HikingIcon,
  self_improvement: SelfImprovementIcon,
  spa: SpaIcon,
  sports_soccer: SportsSoccerIcon,
  sports_basketball: SportsBasketballIcon,
  sports_tennis: SportsTennisIcon,
  sports_esports: SportsEsportsIcon,
  sports_golf: SportsGolfIcon,
  sports_baseball: SportsBaseballIcon,
  sports_football: SportsFootballIcon,
  sports_volleyball: SportsVolleyballIcon,
  sports_martial_arts: SportsMartialArtsIcon,
  surfing: SurfingIcon,
  downhill_skiing: DownhillSkiingIcon,
  restaurant: RestaurantIcon,
  local_cafe: LocalCafeIcon,
  local_bar: LocalBarIcon,
  fastfood: FastfoodIcon,
  local_grocery_store: LocalGroceryStoreIcon,
  shopping_cart: ShoppingCartIcon,
  shopping_bag: ShoppingBagIcon,
  attach_money: AttachMoneyIcon,
  savings: SavingsIcon,
  account_balance: AccountBalanceIcon,
  credit_card: CreditCardIcon,
  receipt: ReceiptIcon,
  payments: PaymentsIcon,
  business_center: BusinessCenterIcon,
  computer: ComputerIcon,
  laptop: LaptopIcon,
  phone_android: PhoneAndroidIcon,
  phone: PhoneIcon,
  email: EmailIcon,
  chat: ChatIcon,
  forum: ForumIcon,
  call: CallIcon,
  videocam: VideocamIcon,
  video_call: VideoCallIcon,
  meeting_room: MeetingRoomIcon,
  event: EventIcon,
  calendar_today: CalendarTodayIcon,
  schedule: ScheduleIcon,
  alarm: AlarmIcon,
  timer: TimerIcon,
  hourglass_empty: HourglassEmptyIcon,
  today: TodayIcon,
  date_range: DateRangeIcon,
  book: BookIcon,
  menu_book: MenuBookIcon,
  auto_stories: AutoStoriesIcon,
  edit: EditIcon,
  brush: BrushIcon,
  palette: PaletteIcon,
  photo_camera: PhotoCameraIcon,
  music_note: MusicNoteIcon,
  headphones: HeadphonesIcon,
  piano: PianoIcon,
  movie: MovieIcon,
  tv: TvIcon,
  sports: SportsIcon,
  emoji_events: EmojiEventsIcon,
  star: StarIcon,
  lightbulb: LightbulbIcon,
  psychology: PsychologyIcon,
  science: ScienceIcon,
  biotech: BiotechIcon,
  calculate: CalculateIcon,
  code: CodeIcon,
  bug_report: BugReportIcon,
  build: BuildIcon,
  construction: ConstructionIcon,
  handyman: HandymanIcon,
  cleaning_services: CleaningServicesIcon,
  local_laundry_service: LocalLaundryServiceIcon,
  kitchen: KitchenIcon,
  bed: BedIcon,
  hotel: HotelIcon,
  flight: FlightIcon,
  train: TrainIcon,
  directions_car: DirectionsCarIcon,
  directions_bus: DirectionsBusIcon,
  map: MapIcon,
  place: PlaceIcon,
  explore: ExploreIcon,
  travel_explore: TravelExploreIcon,
  beach_access: BeachAccessIcon,
  park: ParkIcon,
  pets: PetsIcon,
  child_care: ChildCareIcon,
  family_restroom: FamilyRestroomIcon,
  volunteer_activism: VolunteerActivismIcon,
  local_hospital: LocalHospitalIcon,
  medical_services: MedicalServicesIcon,
  medication: MedicationIcon,
  monitor_heart: MonitorHeartIcon,
  bedtime: BedtimeIcon,
  wb_sunny: WbSunnyIcon,
  language: LanguageIcon,
  public: PublicIcon,
  article: ArticleIcon,
  assignment: AssignmentIcon,
  task_alt: TaskAltIcon,
  check_circle: CheckCircleIcon,
  checklist: ChecklistIcon,
  list: ListIcon,
  inventory: InventoryIcon,
  folder: FolderIcon,
  security: SecurityIcon,
  lock: LockIcon,
  settings: SettingsIcon,
  analytics: AnalyticsIcon,
  insights: InsightsIcon,
  trending_up: TrendingUpIcon,
  bar_chart: BarChartIcon,
  campaign: CampaignIcon,
  celebration: CelebrationIcon,
  cake: CakeIcon,
  card_giftcard: CardGiftcardIcon,
  local_florist: LocalFloristIcon,
  yard: YardIcon,
  agriculture: AgricultureIcon,
  water_drop: WaterDropIcon,
  local_drink: LocalDrinkIcon,
  wine_bar: WineBarIcon,
  extension: ExtensionIcon,
  videogame_asset: VideogameAssetIcon,
  theater_comedy: TheaterComedyIcon,
  mic: MicIcon,
  podcasts: PodcastsIcon,
  radio: RadioIcon,
  newspaper: NewspaperIcon,
  keyboard: KeyboardIcon,
  wifi: WifiIcon,
  bolt: BoltIcon,
  whatshot: WhatshotIcon,
  rocket_launch: RocketLaunchIcon,
  flag: FlagIcon,
  bookmark: BookmarkIcon,
  push_pin: PushPinIcon,
  diamond: DiamondIcon,
  military_tech: MilitaryTechIcon,
  handshake: HandshakeIcon,
  support_agent: SupportAgentIcon,
  engineering: EngineeringIcon,
  architecture: ArchitectureIcon,
  design_services: DesignServicesIcon,
  draw: DrawIcon,
  content_cut: ContentCutIcon,
  attractions: AttractionsIcon,
  church: ChurchIcon,
  mosque: MosqueIcon,
  temple_buddhist: TempleBuddhistIcon,
  mood: MoodIcon,
  face: FaceIcon,
  accessibility: AccessibilityIcon,
  visibility: VisibilityIcon,
  history: HistoryIcon,
  sync: SyncIcon,
};
