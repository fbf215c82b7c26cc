import { startApp } from '@/app/start';
import './styles.css';

void startApp();
