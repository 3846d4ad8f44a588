package com.example.dostavka;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
