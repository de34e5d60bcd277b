import { installConsoleGuard } from './console-guard';

installConsoleGuard();
