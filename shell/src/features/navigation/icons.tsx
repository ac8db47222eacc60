import AddBoxOutlined from '@mui/icons-material/AddBoxOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import ChatBubbleOutlineOutlined from '@mui/icons-material/ChatBubbleOutlineOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PointOfSaleOutlined from '@mui/icons-material/PointOfSaleOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import type { ComponentType } from 'react';
import type { MenuIcon } from './menu-items';

export const MENU_ICONS: Record<MenuIcon, ComponentType<{ fontSize?: 'small' | 'medium' }>> = {
  dashboard: DashboardOutlined,
  tasks: AssignmentOutlined,
  addItem: AddBoxOutlined,
  search: SearchOutlined,
  rapidSell: PointOfSaleOutlined,
  multiSale: ShoppingCartOutlined,
  changeLocation: LocalShippingOutlined,
  changeStatus: SwapHorizOutlined,
  list: ViewListOutlined,
  inventory: Inventory2Outlined,
  warranty: VerifiedUserOutlined,
  edit: EditNoteOutlined,
  history: HistoryOutlined,
  customers: PeopleOutlined,
  settings: SettingsOutlined,
  company: BusinessOutlined,
  process: TuneOutlined,
  users: SupervisorAccountOutlined,
  support: ChatBubbleOutlineOutlined,
};
